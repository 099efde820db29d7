import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapFiles } from "./sitemap.ts";

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe("sitemap", () => {
  it("lists every address absolutely, escaped", () => {
    const files = sitemapFiles(["/Home", "/blogs/a&b"], "https://www.example.com/");
    expect([...files.keys()]).toEqual(["sitemap.xml"]);
    expect(locations(files.get("sitemap.xml") ?? "")).toEqual(["https://www.example.com/Home", "https://www.example.com/blogs/a&amp;b"]);
  });

  it("becomes an index of parts past the limit", () => {
    const files = sitemapFiles(["/a", "/b", "/c"], "https://www.example.com", 2);
    expect([...files.keys()].sort()).toEqual(["sitemap-1.xml", "sitemap-2.xml", "sitemap.xml"]);
    expect(files.get("sitemap.xml")).toContain("<sitemapindex");
    expect(locations(files.get("sitemap.xml") ?? "")).toEqual(["https://www.example.com/sitemap-1.xml", "https://www.example.com/sitemap-2.xml"]);
    expect(locations(files.get("sitemap-2.xml") ?? "")).toEqual(["https://www.example.com/c"]);
  });

  it("gives an address whose content has a date its lastmod, and no other address one", () => {
    const xml = sitemapFiles([{ path: "/blogs/a", lastmod: "2026-03-14" }, { path: "/about-us" }, "/Home"], "https://www.example.com").get("sitemap.xml") ?? "";
    expect(xml).toContain("<url><loc>https://www.example.com/blogs/a</loc><lastmod>2026-03-14</lastmod></url>");
    expect(xml).toContain("<url><loc>https://www.example.com/about-us</loc></url>");
    expect(xml.match(/<lastmod>/g)).toHaveLength(1);
  });

  it("dates each part of an index by its latest address", () => {
    const files = sitemapFiles([{ path: "/a", lastmod: "2026-01-02" }, { path: "/b", lastmod: "2026-03-01T10:00:00Z" }, { path: "/c" }], "https://www.example.com", 2);
    expect(files.get("sitemap.xml")).toContain("<loc>https://www.example.com/sitemap-1.xml</loc><lastmod>2026-03-01T10:00:00Z</lastmod>");
    expect(files.get("sitemap.xml")).toContain("<loc>https://www.example.com/sitemap-2.xml</loc></sitemap>");
  });

  it("is named by robots.txt", () => {
    expect(robotsTxt("https://www.example.com")).toContain("Sitemap: https://www.example.com/sitemap.xml");
  });
});
