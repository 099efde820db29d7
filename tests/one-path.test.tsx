/**
 * One resolved page flows from the server to the browser: the route table is matched by React
 * Router alone, "a missing page goes home" is decided in one place, the page's slots are
 * resolved once per request on the server and not again at hydration, and no content call is
 * recorded on the server or replayed in the browser.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { organizationJsonLd, organizationPlaceholder } from "../src/build/organizationPlugin.ts";
import { findHydrationScript } from "../src/runtime/hydrationData.ts";
import { isPageData } from "../src/runtime/pageData.ts";
import { pageSlots } from "../src/runtime/slots.ts";
import { openSite } from "../src/ssr/entry-server.tsx";
import { fixturePageData, fixtureService, requestUrl, serviceFetch, hydrationDataOf } from "./harness.tsx";
import { repoFiles } from "./repoFiles.ts";

vi.mock("../src/runtime/slots.ts", async (original) => {
  const module = await original<typeof import("../src/runtime/slots.ts")>();
  return { ...module, pageSlots: vi.fn(module.pageSlots) };
});

const sources = repoFiles("src", (path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path)).map((path) => ({ path, text: readFileSync(path, "utf8") }));
const filesWith = (pattern: RegExp) => sources.filter(({ text }) => pattern.test(text)).map(({ path }) => path);

describe("the counts stay down", () => {
  it("matches addresses with React Router only: over the route table, and for the fixture service's named detail routes", () => {
    expect(filesWith(/import \{[^}]*\b(matchRoutes|matchPath)\b[^}]*\} from "react-router-dom"/)).toEqual(["src/content/paths.ts", "src/runtime/routeTable.ts"]);
    expect(filesWith(/\buseRoutes\(|<Routes\b|<Route\b/)).toEqual([]);
    // The route objects are made from registry/routes.json once.
    expect(filesWith(/routeTable\.(routes|redirects|fallback)\b/).filter((path) => !path.startsWith("src/build/") && !path.startsWith("src/ssr/"))).toEqual(["src/runtime/routeTable.ts"]);
  });

  it("decides \"a missing page goes home\" in one place: the page loader", () => {
    expect(filesWith(/missing.*"home".*\b(redirect|Navigate)\b/)).toEqual(["src/app/routes.tsx"]);
  });

  it("resolves slots in the page loader only (the layout inspector, a development tool, reads them for itself)", () => {
    expect(filesWith(/(?<!function )\bpageSlots\(/).filter((path) => !path.startsWith("src/inspector/"))).toEqual(["src/runtime/loadPage.ts"]);
  });

  it("records and replays no content call", () => {
    expect(filesWith(/recordingFetch|answeringFetch|prerendered\.ts|usePrerenderedData/)).toEqual([]);
  });
});

describe("one request, one resolution", () => {
  it("resolves the page once per request on the server, asks each content call once, and embeds that resolution", async () => {
    const service = serviceFetch(fixtureService());
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      calls.push(new URL(requestUrl(input), "http://site.test").pathname);
      return service(input, init);
    };
    const template = readFileSync("index.html", "utf8").replace(organizationPlaceholder, organizationJsonLd("."));
    const resolve = vi.mocked(pageSlots);
    resolve.mockClear();

    const result = await openSite({ template, manifest: {} }).renderDocument(new Request("https://www.corvane.example/People"), { fetch: counting, siteUrl: "https://www.corvane.example" });
    if (result.kind !== "page") throw new Error("expected a page");
    expect(result.status).toBe(200);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(calls.sort()).toEqual(["/api/menu/GetMenuList", "/api/page/get", "/api/resource/list"]);

    // What the browser hydrates from: the resolved page itself (it runs no loader and resolves no slot
    // at hydration: tests/e2e/ssr.spec.ts sees it ask the content service nothing).
    const parsed = new DOMParser().parseFromString(result.html, "text/html");
    const data = hydrationDataOf(JSON.parse(findHydrationScript(parsed)?.textContent ?? "null"));
    const page = Object.values(data.loaderData).find(isPageData);
    if (page?.status !== "ready") throw new Error("no resolved page in the embedded data");
    expect(page.page.name).toBe("People");
    const resolved = resolve.mock.results[0];
    if (resolved?.type !== "return") throw new Error("pageSlots did not return");
    expect(page.slots.map((slot) => slot.id)).toEqual(resolved.value.slots.map((slot) => slot.id));
    expect(parsed.querySelector("main h1")?.textContent).toContain(String(fixturePageData("People").heading).replace(/<[^>]+>/g, ""));
  });
});
