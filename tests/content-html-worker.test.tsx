// @vitest-environment node
/**
 * The production server reads content HTML in its worker thread (dist/server/html-worker.js,
 * src/ssr/htmlWorker.ts): the built worker answers exactly what the server's own thread answers
 * (src/ssr/routedPage.tsx reading it here), on a spread of the XSS corpus and on content whose
 * links and media the sanitizer rewrites. Needs the build (`npm test` builds first).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createSyncFn } from "synckit";
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { contentHtmlAnswersSize, readContentHtmlHere, readContentHtmlWith } from "../src/ssr/routedPage.tsx";
import type { ContentHtmlRequest, ReadContentHtml } from "../src/ssr/site.ts";
import { SafeHtml } from "../src/ui/SafeHtml.tsx";
import { sanitizeHtml } from "../src/ui/sanitize.ts";
import { toPlainText } from "../src/ui/text.ts";
import { xssSample } from "./xss.ts";

const workerFile = resolve("dist/server/html-worker.js");

describe("the content HTML worker of the production server", () => {
  it("answers as the server's own thread does: sanitized HTML, block and inline, and the text of markup", { timeout: 120_000 }, () => {
    if (!existsSync(workerFile)) throw new Error(`${workerFile} is missing: run "npm run build" first.`);
    const worker = createSyncFn<ReadContentHtml>(pathToFileURL(workerFile), { timeout: 60_000 });
    readContentHtmlHere();
    const content = [
      ...xssSample(20),
      '<p>See <a href="/about-us">us</a>, <a href="/media/brochure.pdf">the brochure</a> and <a href="#team" target="_blank">the team</a>.</p>',
      '<figure><img src="/media/team.jpg" alt="The team"><figcaption id="cap">Our &amp; their <b>team</b></figcaption></figure>',
      "<li>an orphan item</li><ul><li>a placed one</li></ul>",
    ];
    const differences = content.flatMap((html) => {
      const here = { block: sanitizeHtml(html), inline: sanitizeHtml(html, { inline: true }), text: toPlainText(html) };
      const there = { block: worker({ kind: "sanitize", html, inline: false }), inline: worker({ kind: "sanitize", html, inline: true }), text: worker({ kind: "text", html }) };
      return JSON.stringify(here) === JSON.stringify(there) ? [] : [{ html, here, there }];
    });
    expect(differences).toEqual([]);
    // The rewriting settings are the server's in both: media through the site's /_media/, page links as their one address.
    expect(worker({ kind: "sanitize", html: '<img src="/media/team.jpg" alt="">', inline: false })).toContain('src="/_media/');
  });

  it("is asked about each piece of content once: the server's thread remembers the answers", () => {
    const asked: ContentHtmlRequest[] = [];
    readContentHtmlWith((request) => {
      asked.push(request);
      return request.kind === "sanitize" ? `<p>${String(asked.length)}</p>` : String(asked.length);
    });
    const render = () => [renderToString(<SafeHtml html="<p>Once</p>" />), renderToString(<SafeHtml as="span" html="<b>Once</b>" />), toPlainText("<b>Once</b> &amp; more")];
    expect(render()).toEqual(render());
    expect(asked.map((request) => request.kind)).toEqual(["sanitize", "sanitize", "text"]);
  });

  it("keeps answers up to a size: the least recently read content is read again, content too large to keep every time", () => {
    const asked: string[] = [];
    readContentHtmlWith((request) => {
      asked.push(request.html.slice(0, 2));
      return "x";
    });
    // Ten pieces of a tenth of the budget each: the first falls out once the tenth is kept.
    const pieces = Array.from({ length: 10 }, (_, index) => `${String(index)}:${"a".repeat(contentHtmlAnswersSize / 10)}`);
    for (const html of pieces) toPlainText(`${html}&amp;`);
    toPlainText(`${pieces[9] ?? ""}&amp;`);
    expect(asked).toHaveLength(10);
    toPlainText(`${pieces[0] ?? ""}&amp;`);
    expect(asked).toEqual([...pieces.map((html) => html.slice(0, 2)), "0:"]);
    const huge = `<p>${"b".repeat(contentHtmlAnswersSize)}</p>`;
    renderToString(<SafeHtml html={huge} />);
    renderToString(<SafeHtml html={huge} />);
    expect(asked.filter((start) => start === "<p")).toHaveLength(2);
  });
});
