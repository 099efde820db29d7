import { describe, expect, it } from "vitest";
import { createContentClient } from "../content/client.ts";
import { fixedAddresses, menuPath, siteAddresses, uniqueAddresses } from "./siteAddresses.ts";
import { requestUrl } from "../../tests/harness.tsx";

/** A content service with `total` blogs and nothing else in its lists, answering `pageSize` at a time. */
function service(total: number, menus: unknown) {
  const listCalls: number[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const path = new URL(requestUrl(input), "http://x").pathname;
    const body: unknown = JSON.parse(typeof init?.body === "string" ? init.body : "null");
    if (path === "/api/menu/GetMenuList") return Promise.resolve(Response.json(menus));
    if (path === "/api/page/GetContentList") {
      const { contentType, PageNo, pageSize } = body as { contentType: number; PageNo: number; pageSize: number };
      if (contentType !== 2) return Promise.resolve(Response.json({ contents: [] }));
      listCalls.push(PageNo);
      const start = (PageNo - 1) * pageSize;
      // Every other post has a date (the first one of each pair), and one of them is no date at all.
      const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => ({ id: start + i, type: 2, anchorlink: `/post-${start + i}`, totalRow: total, date: (start + i) % 2 === 0 ? (start + i === 2 ? "someday" : "2026-03-14T00:00:00") : null }));
      return Promise.resolve(Response.json({ contents: items }));
    }
    return Promise.resolve(new Response("", { status: 404 }));
  };
  return { client: createContentClient({ base: "", timeoutMs: 1000, fetch }), listCalls };
}

describe("the site's addresses", () => {
  it("are the fixed routes, the menus' internal addresses and every list item's detail page, each once", async () => {
    const menus = [{ MenuGroupName: "X-Top", MenuList: [
      { MenuName: "About", PageURL: "/about-us/", SubMenu: null },
      { MenuName: "Elsewhere", PageURL: "https://other.example/page", SubMenu: null },
      { MenuName: "Ours, absolutely", PageURL: "https://www.site.example/Feedback?x=1", SubMenu: [{ MenuName: "Deep", PageURL: "/deep/page#top", SubMenu: null }] },
    ] }];
    const { client, listCalls } = service(120, menus);
    const addresses = (await siteAddresses(client, "https://www.site.example")).map(({ path }) => path);
    expect(addresses).toEqual(expect.arrayContaining([...fixedAddresses(), "/Feedback", "/deep/page", "/blogs/post-0", "/blogs/post-119"]));
    expect(addresses.filter((a) => a.toLowerCase() === "/about-us")).toHaveLength(1);
    expect(addresses.some((a) => a.includes("other.example"))).toBe(false);
    expect(addresses.filter((a) => a.startsWith("/blogs/"))).toHaveLength(120);
    expect(listCalls).toEqual([1, 2, 3]);
  });

  it("carry the date the service gives a list item as its detail page's lastmod, and none it does not give", async () => {
    const { client } = service(4, []);
    const blogs = (await siteAddresses(client, "https://www.site.example")).filter(({ path }) => path.startsWith("/blogs/"));
    expect(blogs).toEqual([{ path: "/blogs/post-0", lastmod: "2026-03-14" }, { path: "/blogs/post-1" }, { path: "/blogs/post-2" }, { path: "/blogs/post-3" }]);
  });

  it("read menu links as site paths only", () => {
    expect(menuPath("/x/y/", "https://s.example")).toBe("/x/y");
    expect(menuPath("https://s.example/a?b", "https://s.example")).toBe("/a");
    expect(menuPath("javascript:alert(1)", "https://s.example")).toBeNull();
    expect(menuPath("//evil.example/a", "https://s.example")).toBeNull();
    expect(menuPath("", "https://s.example")).toBeNull();
  });

  it("read menu links as the page's one address (the export writes nothing else)", () => {
    expect(menuPath("/CONTACT-US//", "https://s.example")).toBe("/contact-us");
    expect(menuPath("https://s.example/%48ome/?x=1", "https://s.example")).toBe("/Home");
    expect(menuPath("/Blogs/Some-Post/", "https://s.example")).toBe("/blogs/Some-Post");
  });

  it("compare ignoring case and a trailing slash, each in its one spelling", () => {
    expect(uniqueAddresses([["/Home"], ["/home/", "/People"]])).toEqual([{ path: "/Home" }, { path: "/People" }]);
    expect(uniqueAddresses([["/blogs//Some-Post/", "/HOME"]])).toEqual([{ path: "/blogs/Some-Post" }, { path: "/Home" }]);
  });

  it("keep the date of an address's content, whichever group knew it", () => {
    expect(uniqueAddresses([["/blogs/a"], [{ path: "/Blogs/A/", lastmod: "2026-03-14" }, { path: "/blogs/b" }]])).toEqual([{ path: "/blogs/a", lastmod: "2026-03-14" }, { path: "/blogs/b" }]);
  });
});
