// @vitest-environment node
import { describe, expect, it } from "vitest";
import { mediaInContent } from "./exportMedia.ts";

describe("the media an export copies from a content answer", () => {
  it("names each root-relative file, a picture's resized copies and an animation's still, and nothing on another host", () => {
    const found = mediaInContent(JSON.stringify({ items: [{ image: "/media/a.jpg", video: "/media/sun.json", shortDesc: '<p><img src="/media/b.png"></p>', documentPath: "https://cdn.example/x.pdf" }] }));
    expect(found).toContain("/_media/media/a.jpg");
    expect(found).toContain("/_media/media/a.jpg.640w.avif");
    expect(found).toContain("/_media/media/b.png.320w.webp");
    expect(found).toContain("/_media/media/sun.json");
    expect(found).toContain("/_media/media/sun.json.still.svg");
    expect([...found].filter((address) => address.includes("still"))).toEqual(["/_media/media/sun.json.still.svg"]);
    expect([...found].some((address) => address.includes("cdn.example"))).toBe(false);
  });
});
