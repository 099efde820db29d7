import { describe, expect, it } from "vitest";
import { PageSchema } from "../content/contract.ts";
import { pageHeadTags } from "./pageHead.tsx";

const head = (fields: Record<string, unknown>) => {
  const { metas } = pageHeadTags(PageSchema.parse({ id: 7, name: "About-Us", title: "About <em>us</em>", ...fields }), "/about-us", "https://www.example.com");
  return Object.fromEntries(metas.filter((meta) => meta.value.startsWith("og:image")).map((meta) => [meta.value, meta.content]));
};

describe("a page's link-preview picture", () => {
  it("is the page's own picture, described by the page's title, with no size it does not know", () => {
    const tags = head({ pageheroimage: "/media/hero-about.jpg" });
    expect(tags["og:image"]).toMatch(/^https:\/\/www\.example\.com\/(_media\/)?media\/hero-about\.jpg$/);
    expect(tags).toEqual({ "og:image": tags["og:image"], "og:image:alt": "About us" });
  });

  it("is the 300 by 300 preview image when the page has none, described as the logo", () => {
    expect(head({})).toEqual({
      "og:image": "https://www.example.com/images/social-preview.png",
      "og:image:width": "300",
      "og:image:height": "300",
      "og:image:alt": "Corvane Global Services logo",
    });
  });
});

describe("a page's title", () => {
  const title = (text: string) => pageHeadTags(PageSchema.parse({ id: 7, name: "Case", title: text }), "/case", "https://www.example.com").title;

  it("is the page's whole title up to 300 characters, as search engines index it", () => {
    const long = "HLX Success: Utilities billing transformation across three regional grids";
    expect(title(long)).toBe(long);
    const words = "Billing transformation across regional grids ".repeat(6).trim();
    expect(words.length).toBeLessThanOrEqual(300);
    expect(title(words)).toBe(words);
  });

  it("cuts only an absurd title, after a whole word, with an ellipsis", () => {
    const absurd = "Billing transformation across regional grids ".repeat(20).trim();
    const cut = title(absurd);
    expect(cut.length).toBeLessThanOrEqual(301);
    expect(cut.endsWith("…")).toBe(true);
    expect(absurd.startsWith(cut.slice(0, -1))).toBe(true);
    expect(absurd[cut.length - 1]).toBe(" ");
  });
});
