// @vitest-environment node
/**
 * Cache tags: what a CDN is told each page answer was made of. Checked on the tags' own rules and
 * on real renders of the fixture site (the server's renderer, the fixture service, the content
 * cache recording each call), so a publish of a page, a list or the menus purges the answers
 * that show it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { organizationJsonLd, organizationPlaceholder } from "../../build/organizationPlugin.ts";
import { openSite } from "../../ssr/entry-server.tsx";
import { fixtureService } from "../../../tests/harness.tsx";
import { createContentCache } from "../contentCache.ts";
import { contentTag, pageTags, tag } from "./cacheTags.ts";

describe("cache tags", () => {
  it("name each kind of content a page can be made of, in lower case", () => {
    expect(contentTag('/api/page/get\n"About-Us"')).toBe("page:about-us");
    expect(contentTag('/api/page/get\n"/blogs/Future-of-Work"')).toBe("page:/blogs/future-of-work");
    expect(contentTag("/api/menu/GetMenuList\n{}")).toBe("menus");
    expect(contentTag("/api/resource/list\n{}")).toBe("resources");
    expect(contentTag('/api/page/GetContentList\n{"contentType":15,"PageNo":2}')).toBe("list:15");
    expect(contentTag("/api/redirect/GetRedirectList\n{}")).toBe("redirects");
    expect(contentTag('/api/page/get\n"not json')).toBeUndefined();
    expect(pageTags("/About-Us/?utm_source=x", ['/api/page/get\n"About-Us"', "/api/menu/GetMenuList\n{}"])).toEqual(["pages", "addr:/about-us", "page:about-us", "menus"]);
  });

  it("are printable ASCII without the headers' separators, and bounded", () => {
    expect(tag("page", "/blogs/café au lait,2")).toBe("page:/blogs/caf%C3%A9%20au%20lait%2C2");
    const long = tag("page", `/${"x".repeat(500)}`);
    expect(long).toMatch(/^h:[a-z0-9_-]{22}$/);
    expect(tag("page", `/${"x".repeat(500)}`)).toBe(long);
    expect(tag("page", `/${"y".repeat(500)}`)).not.toBe(long);
  });

  it("follow what the server's renderer reads for real pages: the page, the chrome, each list shown", async () => {
    const template = readFileSync("index.html", "utf8").replace(organizationPlaceholder, organizationJsonLd("."));
    const cache = createContentCache({ base: "", inProcess: fixtureService(), timeoutMs: 5000, freshMs: 60_000, staleMs: 60_000 });
    const tagsOf = async (address: string) => {
      const deps = new Set<string>();
      const rendered = await openSite({ template, manifest: {} }).renderDocument(new Request(new URL(address, "https://www.corvane.example")), { fetch: cache.recording(deps), siteUrl: "https://www.corvane.example" });
      return { status: rendered.kind === "page" ? rendered.status : rendered.status, tags: pageTags(address, [...deps]) };
    };
    expect(await tagsOf("/about-us")).toEqual({ status: 200, tags: expect.arrayContaining(["pages", "addr:/about-us", "page:about-us", "menus", "resources"]) as unknown });
    const blogs = await tagsOf("/blogs");
    expect(blogs.tags).toEqual(expect.arrayContaining(["page:blogs", "list:2", "menus", "resources"]));
    expect(blogs.tags.filter((found) => found.startsWith("list:"))).toEqual(["list:2"]);
    expect((await tagsOf("/blogs/future-of-shared-services")).tags).toEqual(expect.arrayContaining(["page:/blogs/future-of-shared-services", "addr:/blogs/future-of-shared-services", "menus"]));
    // A 404 is tagged with the address asked and the content that said it does not exist, so publishing it there purges the 404.
    expect(await tagsOf("/blogs/not-written-yet")).toEqual({ status: 404, tags: expect.arrayContaining(["page:/blogs/not-written-yet", "addr:/blogs/not-written-yet"]) as unknown });
  });
});
