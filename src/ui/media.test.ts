import { afterEach, describe, expect, it } from "vitest";
import { mediaUrl, responsiveSources, serveMediaThroughSite } from "./media.ts";

afterEach(() => serveMediaThroughSite(false));

describe("a picture's resized copies", () => {
  it("are offered at every width in AVIF, then WebP, for a picture the site's server answers", () => {
    serveMediaThroughSite();
    const [avif, webp] = responsiveSources(mediaUrl("/media/team.jpg") ?? "");
    expect(avif?.type).toBe("image/avif");
    expect(avif?.srcSet.split(", ")[0]).toBe("/_media/media/team.jpg.320w.avif 320w");
    expect(webp?.srcSet.split(", ")).toHaveLength(8);
  });

  it("name a file with a space or a comma in a way a srcset reads as one address", () => {
    serveMediaThroughSite();
    const [avif] = responsiveSources(mediaUrl("/media/team photo, 2026.jpg") ?? "");
    const candidates = (avif?.srcSet ?? "").split(", ").map((candidate) => candidate.split(" "));
    expect(candidates).toHaveLength(8);
    expect(candidates.every((parts) => parts.length === 2)).toBe(true);
    expect(candidates[0]).toEqual(["/_media/media/team%20photo%2C%202026.jpg.320w.avif", "320w"]);
  });

  it("are not offered for a drawing or a CDN's address", () => {
    serveMediaThroughSite();
    expect(responsiveSources(mediaUrl("/media/logo.svg") ?? "")).toEqual([]);
    expect(responsiveSources(mediaUrl("https://cdn.example.com/a.jpg") ?? "")).toEqual([]);
  });
});
