import { describe, expect, it } from "vitest";
import { PageSchema } from "../content/contract.ts";
import { pageHeadTags } from "./pageHead.ts";

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
