// @vitest-environment node
import { describe, expect, it } from "vitest";
import { mediaFailureSkipped, mediaInContent } from "./exportMedia.ts";

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

  it("skips a file the service does not have and a still the server would not draw; any other failure stops the export", () => {
    expect(mediaFailureSkipped("/_media/media/gone.jpg", "404 Not found")).toBe(true);
    expect(mediaFailureSkipped("/_media/media/huge.json.still.svg", "502 This file could not be loaded from the content service.")).toBe(true);
    expect(mediaFailureSkipped("/_media/media/a.jpg.640w.avif", "502 This file could not be loaded from the content service.")).toBe(false);
    expect(mediaFailureSkipped("/_media/media/sun.json", "504 This file could not be loaded from the content service.")).toBe(false);
  });
});
