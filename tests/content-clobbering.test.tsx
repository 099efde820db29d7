/**
 * Content cannot reach the page's own machinery (issue 45): with a clobbering payload in every HTML
 * field of every content answer, the server's page still hands the browser its own data, found
 * where the browser looks for it, and no element from content carries an id or name of the page's.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { organizationJsonLd, organizationPlaceholder } from "../src/build/organizationPlugin.ts";
import { MAIN_CONTENT_ID } from "../src/chrome/SkipLink.tsx";
import { findHydrationScript, parseHydrationData } from "../src/runtime/hydrationData.ts";
import { isPageData } from "../src/runtime/pageData.ts";
import { openSite } from "../src/ssr/entry-server.tsx";
import { clobberingPayloads, withPayloadInEveryHtmlField } from "./clobbering.ts";
import { fixtureService, requestUrl, serviceFetch } from "./harness.tsx";

const template = readFileSync("index.html", "utf8").replace(organizationPlaceholder, organizationJsonLd("."));
const siteUrl = "https://www.corvane.example";

/** The fixture service with `payload` added to every HTML field of every answer (pages, items, lists, resources). */
function hostileFetch(payload: string): typeof fetch {
  const service = serviceFetch(fixtureService());
  return async (input, init) => {
    const answer = await service(input, init);
    if (!answer.headers.get("content-type")?.includes("json") || new URL(requestUrl(input), siteUrl).pathname === "/api/menu/GetMenuList") return answer;
    return Response.json(withPayloadInEveryHtmlField(await answer.json(), payload));
  };
}

async function renderWith(address: string, payload: string): Promise<Document> {
  const result = await openSite({ template, manifest: {} }).renderDocument(new Request(new URL(address, siteUrl)), { fetch: hostileFetch(payload), siteUrl });
  if (result.kind !== "page") throw new Error(`${address}: ${result.kind}`);
  expect(result.status, address).toBe(200);
  return new DOMParser().parseFromString(result.html, "text/html");
}

/** Pages whose blocks show every HTML field: the home page's blocks, the contact form, a list, a detail page, the FAQ and the footer's resources. */
const addresses = ["/Home", "/contact-us", "/blogs", "/blogs/future-of-shared-services", "/thoughtpapers", "/Experience", "/People", "/global-brand-solutions/creative-production/accessibility-remediation"];

describe("a clobbering id or name in every HTML field", () => {
  for (const [kind, payload] of Object.entries(clobberingPayloads)) {
    it.each(addresses)(`(${kind}) leaves the page's data and landmarks its own: %s`, async (address) => {
      const document = await renderWith(address, payload);
      // The payload reached the page, prefixed: the test shows content's markup, not an empty field.
      expect(document.querySelectorAll("[id^='user-content-']").length, address).toBeGreaterThan(0);
      // The data the browser reads is the server's, found by its place and type, and it parses.
      const script = findHydrationScript(document);
      const data = parseHydrationData(JSON.parse(script?.textContent ?? "null"));
      expect(data?.siteUrl).toBe(siteUrl);
      expect(Object.values(data?.loaderData ?? {}).some(isPageData)).toBe(true);
      // Nothing from content answers to the ids the page's code looks up.
      expect(document.getElementById("corvane-hydration")).toBeNull();
      expect(document.querySelectorAll("#root")).toHaveLength(1);
      expect(document.getElementById("root")?.parentElement).toBe(document.body);
      expect(document.querySelectorAll(`#${MAIN_CONTENT_ID}`)).toHaveLength(1);
      expect(document.getElementById(MAIN_CONTENT_ID)?.tagName).toBe("MAIN");
      expect(document.querySelectorAll("[name='getElementById'], [name='body']")).toHaveLength(0);
    });
  }
});
