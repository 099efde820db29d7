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

  it("is named by robots.txt", () => {
    expect(robotsTxt("https://www.example.com")).toContain("Sitemap: https://www.example.com/sitemap.xml");
  });
});
