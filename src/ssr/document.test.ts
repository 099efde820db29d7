import { describe, expect, it } from "vitest";
import { hydrationJsonIn } from "../runtime/hydrationData.ts";
import { documentTemplate, headHtml, pageAssets, splitResourceHints, type BuildManifest, type PageParts } from "./document.ts";

const template = `<!doctype html><html><head>
    <title data-static-head>Generic</title>
    <meta data-static-head name="description" content="generic" />
    <!--app-head-->
  </head><body><div id="root"><!--app-html--></div>
    <noscript>needs JavaScript</noscript>
    <script type="module" src="/assets/index.js"></script>
  </body></html>`;

const data = { siteUrl: "https://x.example", loaderData: { "page /Home": { status: "ready", page: { title: "</script><script>alert(1)</script>" } } } };
const noParts: PageParts = { head: "", styles: "", html: "", data, scripts: [], prefetch: [] };
/** A page of `template` (index.html), opened as the server opens it, with `parts`. */
const page = (parts: Partial<PageParts>, html = template, files: Partial<Parameters<typeof documentTemplate>[0]> = {}) => documentTemplate({ template: html, manifest: {}, ...files }).page({ ...noParts, ...parts });

describe("the server's document", () => {
  it("replaces the generic head, drops the no-script note and puts the page in #root", () => {
    const html = page({ head: headHtml({ title: "A & B", canonical: "https://x.example/Home", metas: [] }, ""), html: "<main>$& text</main>" });
    expect(html).not.toContain("Generic");
    expect(html).not.toContain("<noscript>");
    expect(html).toContain("<title>A &amp; B</title>");
    expect(html).toContain('<div id="root"><main>$& text</main></div>');
  });

  it("embeds the router's data as data no content can break out of", () => {
    const html = page({});
    const script = hydrationJsonIn(html) ?? "";
    expect(script).not.toContain("<");
    expect(JSON.parse(script)).toEqual(data);
  });

  it("puts the page's block styles after everything else in the head, as the browser's own loading would", () => {
    const html = page({ styles: '<link rel="stylesheet" href="/assets/Hero.css" />' }, template.replace("</head>", '<link rel="stylesheet" href="/assets/index.css"></head>'));
    expect(html.indexOf("/assets/index.css")).toBeLessThan(html.indexOf("/assets/Hero.css"));
    expect(html.indexOf("/assets/Hero.css")).toBeLessThan(html.indexOf("</head>"));
  });

  it("moves the resource hints React writes first into the head", () => {
    expect(splitResourceHints('<link rel="preload" as="image" href="/a.svg"/><a href="#x">x</a>')).toEqual({ hints: '<link rel="preload" as="image" href="/a.svg"/>', body: '<a href="#x">x</a>' });
    const html = page({ html: '<link rel="preload" as="image" href="/a.svg"/><a href="#x">x</a>' });
    expect(html.indexOf('href="/a.svg"')).toBeLessThan(html.indexOf("</head>"));
    expect(html).toContain('<div id="root"><a href="#x">x</a></div>');
  });

  it("puts a preview's notice before the app's root, where no hydration touches it", () => {
    expect(page({ beforeRoot: "<aside>Preview</aside>", html: "<main></main>" })).toContain('<aside>Preview</aside>\n    <div id="root"><main></main></div>');
  });

  it("answers the retry screen with index.html's own loading and only where the page comes from", () => {
    const retry = documentTemplate({ template: entryTemplate + template, manifest: { "src/boot.ts": { file: "assets/boot.js", isEntry: true } } }).retryScreen({ head: "<title>Try again</title>", styles: "", html: "<main>Try again</main>", data: { siteUrl: "https://x.example", loaderData: {} } });
    expect(retry).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    expect(retry).not.toContain("boot.js");
    expect(JSON.parse(hydrationJsonIn(retry) ?? "null")).toEqual({ siteUrl: "https://x.example", loaderData: {} });
  });

  it("requests a page's block code and styles, never what the entry already brings", () => {
    const manifest: BuildManifest = {
      "index.html": { file: "assets/index.js", css: ["assets/index.css"], imports: ["_shared.js"], isEntry: true },
      "_shared.js": { file: "assets/shared.js" },
      "src/blocks/hero/Hero.tsx": { file: "assets/Hero.js", css: ["assets/Hero.css"], imports: ["_shared.js", "_image.js"] },
      "_image.js": { file: "assets/image.js", css: ["assets/image.css"] },
    };
    const { styles, scripts } = pageAssets(manifest, { styles: ["src/blocks/hero/Hero.tsx", "src/blocks/unknown/X.tsx"], scripts: ["src/blocks/hero/Hero.tsx"] });
    expect(styles).toContain('<link rel="stylesheet" href="/assets/Hero.css" />');
    expect(styles).toContain('<link rel="stylesheet" href="/assets/image.css" />');
    expect(styles).not.toContain("index.css");
    expect(scripts).toEqual(["/assets/Hero.js", "/assets/image.js"]);
  });

  it("writes style files into the page when their text is at hand, so nothing blocks the first paint", () => {
    const manifest: BuildManifest = { "src/blocks/faq/Faq.tsx": { file: "assets/Faq.js", css: ["assets/Faq.css"] } };
    const { styles } = pageAssets(manifest, { styles: ["src/blocks/faq/Faq.tsx"], scripts: [] }, new Map([["assets/Faq.css", ".faq{color:red}</style><script>"]]));
    // With a disabled link beside it (never fetched): the code's loader then does not fetch the file again.
    expect(styles).toBe('<style data-href="/assets/Faq.css">.faq{color:red}<\\/style><script></style><link rel="stylesheet" href="/assets/Faq.css" disabled />');
    expect(page({}, template.replace("</head>", '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>'), { styles: new Map([["assets/index.css", "body{margin:0}"]]) })).toContain(
      '<style data-href="/assets/index.css">body{margin:0}</style><link rel="stylesheet" href="/assets/index.css" disabled />',
    );
  });

  it("writes in the styles of what a block loads once it runs (its slider), so no style sheet arrives after the first paint; its code waits", () => {
    const manifest: BuildManifest = {
      "src/blocks/hero-slider/HeroSlider.tsx": { file: "assets/HeroSlider.js", css: ["assets/HeroSlider.css"], dynamicImports: ["src/ui/Slider.tsx"] },
      "src/ui/Slider.tsx": { file: "assets/Slider.js", imports: ["_keen.js"] },
      "_keen.js": { file: "assets/keen.js", css: ["assets/keen.css"] },
    };
    const { styles, scripts } = pageAssets(manifest, { styles: ["src/blocks/hero-slider/HeroSlider.tsx"], scripts: ["src/blocks/hero-slider/HeroSlider.tsx"] });
    expect(styles).toContain("/assets/HeroSlider.css");
    expect(styles).toContain("/assets/keen.css");
    expect(scripts).toEqual(["/assets/HeroSlider.js"]);
  });

  it("sends the app's start with every page: its code to preload and its styles written in, but not every block it can load", () => {
    const manifest: BuildManifest = {
      "index.html": { file: "assets/index.js", isEntry: true, css: ["assets/index.css"], imports: ["_framework.js"], dynamicImports: ["src/app/start.tsx"] },
      "_framework.js": { file: "assets/framework.js" },
      "src/app/start.tsx": { file: "assets/start.js", imports: ["_framework.js", "_app.js"] },
      // The site's chunk names every block as something it can load; a block imports it in turn.
      "_app.js": { file: "assets/app.js", css: ["assets/app.css"], imports: ["_framework.js"], dynamicImports: ["src/blocks/hero/Hero.tsx", "src/blocks/faq/Faq.tsx"] },
      "src/blocks/hero/Hero.tsx": { file: "assets/Hero.js", css: ["assets/Hero.css"], imports: ["_app.js"] },
      "src/blocks/faq/Faq.tsx": { file: "assets/Faq.js", css: ["assets/Faq.css"], imports: ["_app.js"] },
    };
    const { styles, scripts } = pageAssets(manifest, { app: "src/app/start.tsx", styles: ["src/blocks/hero/Hero.tsx"], scripts: ["src/blocks/hero/Hero.tsx"] });
    expect(scripts).toEqual(["/assets/start.js", "/assets/app.js", "/assets/Hero.js"]);
    expect(styles).toContain("/assets/app.css");
    expect(styles).toContain("/assets/Hero.css");
    // index.html links the entry's own; the FAQ is not on this page.
    expect(styles).not.toContain("index.css");
    expect(styles).not.toContain("Faq.css");
  });

  it("requests only the above-the-fold blocks' code; every block's styles", () => {
    const manifest: BuildManifest = {
      "src/blocks/hero/Hero.tsx": { file: "assets/Hero.js", css: ["assets/Hero.css"] },
      "src/blocks/faq/Faq.tsx": { file: "assets/Faq.js", css: ["assets/Faq.css"] },
    };
    const { styles, scripts } = pageAssets(manifest, { styles: ["src/blocks/hero/Hero.tsx", "src/blocks/faq/Faq.tsx"], scripts: ["src/blocks/hero/Hero.tsx"] });
    expect(styles).toContain("/assets/Faq.css");
    expect(scripts).toEqual(["/assets/Hero.js"]);
  });

  it("names what hydrates after the shell for the browser to prefetch: its files, not its styles (written in), nor what goes before hydration", () => {
    const manifest: BuildManifest = {
      "virtual:block-code/first": { file: "assets/first-facade.js", imports: ["_first.js"] },
      "_first.js": { file: "assets/first.js", css: ["assets/first.css"] },
      "virtual:block-code/later": { file: "assets/later-facade.js", imports: ["_later.js"] },
      "_later.js": { file: "assets/later.js", css: ["assets/later.css"], imports: ["_first.js"] },
      "src/chrome/AfterContent.tsx": { file: "assets/AfterContent.js", imports: ["_later.js"] },
    };
    const { styles, scripts, prefetch } = pageAssets(manifest, {
      styles: ["virtual:block-code/first", "virtual:block-code/later"],
      scripts: ["virtual:block-code/first"],
      later: ["src/chrome/AfterContent.tsx", "virtual:block-code/later"],
    });
    expect(scripts).toEqual(["/assets/first-facade.js", "/assets/first.js"]);
    expect(prefetch).toEqual(["/assets/AfterContent.js", "/assets/later.js", "/assets/later-facade.js"]);
    expect(styles).toContain("/assets/later.css");
  });

  /** The hydrated page of `entryTemplate` with `scripts` and `prefetch`, src/boot.ts in the build when `manifest` names it. */
  const hydrated = (manifest: BuildManifest, scripts: string[], prefetch: string[] = [], files: { bootScript?: string; scriptSizes?: ReadonlyMap<string, number> } = {}) =>
    documentTemplate({ template: entryTemplate, manifest, ...files }).page({ ...noParts, scripts, prefetch });
  const entryTemplate = `<head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
    <link rel="modulepreload" crossorigin href="/assets/schemas.js">
  </head>`;

  it("leaves the app's code to src/boot.ts, which asks for the entry, its imports and the above-the-fold blocks' code after the page has loaded", () => {
    const html = hydrated({ "src/boot.ts": { file: "assets/boot.js", isEntry: true } }, ["/assets/Hero.js", "/assets/react.js"]);
    expect(html).not.toContain("modulepreload\" crossorigin href");
    expect(html).not.toContain('src="/assets/index.js"');
    const boot = /<script type="module" crossorigin fetchpriority="low" src="\/assets\/boot.js" data-entry="([^"]*)" data-modulepreload="([^"]*)"><\/script>/.exec(html);
    expect(boot?.[1]).toBe("/assets/index.js");
    expect(boot?.[2]?.split(" ")).toEqual(["/assets/index.js", "/assets/react.js", "/assets/schemas.js", "/assets/Hero.js"]);
  });

  it("writes src/boot.ts into the page when its text is given, async (it runs as it is parsed), with the same lists, so its file is not waited for", () => {
    const html = hydrated({ "src/boot.ts": { file: "assets/boot.js", isEntry: true } }, ["/assets/Hero.js"], ["/assets/later.js"], { bootScript: "start();" });
    expect(html).not.toContain("/assets/boot.js");
    const boot = /<script type="module" async data-entry="([^"]*)" data-modulepreload="([^"]*)" data-prefetch="([^"]*)">start\(\);<\/script>/.exec(html);
    expect(boot?.slice(1)).toEqual(["/assets/index.js", "/assets/index.js /assets/react.js /assets/schemas.js /assets/Hero.js", "/assets/later.js"]);
  });

  it("asks for the largest files first, so that React's file does not wait for a connection behind a small one", () => {
    const sizes = new Map([["assets/index.js", 600], ["assets/react.js", 98_000], ["assets/schemas.js", 47_000]]);
    const html = hydrated({ "src/boot.ts": { file: "assets/boot.js", isEntry: true } }, ["/assets/Hero.js"], [], { scriptSizes: sizes });
    // Hero.js's size is not known: it keeps its place after those that are.
    expect(/data-modulepreload="([^"]*)"/.exec(html)?.[1]?.split(" ")).toEqual(["/assets/react.js", "/assets/schemas.js", "/assets/index.js", "/assets/Hero.js"]);
    expect(/data-entry="([^"]*)"/.exec(html)?.[1]).toBe("/assets/index.js");
  });

  it("lists the files to prefetch for src/boot.ts apart from those to preload, once each", () => {
    const html = hydrated({ "src/boot.ts": { file: "assets/boot.js", isEntry: true } }, ["/assets/Hero.js"], ["/assets/later.js", "/assets/Hero.js"]);
    expect(/data-modulepreload="([^"]*)"/.exec(html)?.[1]?.split(" ")).toEqual(["/assets/index.js", "/assets/react.js", "/assets/schemas.js", "/assets/Hero.js"]);
    expect(/data-prefetch="([^"]*)"/.exec(html)?.[1]).toBe("/assets/later.js");
    expect(hydrated({ "src/boot.ts": { file: "assets/boot.js", isEntry: true } }, [])).not.toContain("data-prefetch");
  });

  it("keeps index.html's loading, with the above-the-fold blocks' code preloaded, in a build without src/boot.ts", () => {
    const html = hydrated({}, ["/assets/Hero.js"]);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/Hero.js" />');
  });
});
