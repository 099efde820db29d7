import { describe, expect, it } from "vitest";
import { canonicalMediaPath } from "./mediaAddress.ts";

describe("a media path's one spelling", () => {
  it.each([
    ["/media/photo-1.jpg", "/media/photo-1.jpg"],
    ["/media/p%68oto-%31.jpg", "/media/photo-1.jpg"],
    ["/%6Dedia//photo-1%2Ejpg", "/media/photo-1.jpg"],
    ["/media%2Fphoto-1.jpg", "/media/photo-1.jpg"],
    // What may stand in a path stays as a browser sends it: a service that matches paths as written finds it.
    ["/media/logo@2x.png", "/media/logo@2x.png"],
    ["/media/logo%402x.png", "/media/logo@2x.png"],
    ["/media/a b.jpg", "/media/a%20b.jpg"],
    ["/media/a%20b.jpg", "/media/a%20b.jpg"],
    ["/media/caf%C3%A9.jpg", "/media/caf%C3%A9.jpg"],
    ["/media/café.jpg", "/media/caf%C3%A9.jpg"],
    ["/media/100%25.jpg", "/media/100%25.jpg"],
    ["/media/a%3Fb.jpg", "/media/a%3Fb.jpg"],
  ])("%s is %s", (path, canonical) => {
    expect(canonicalMediaPath(path)).toBe(canonical);
  });

  it.each(["/media/photo-%FF.jpg", "/media/photo-%C3.jpg", "/media/%zz.jpg", "/media/photo%00.jpg", "/media/a%0Ab.jpg", "/media%5C..%5Cphoto.jpg", "/media/%2E%2E/photo.jpg", "/media/./photo.jpg", "/%2F%2Fevil.example/a.jpg", "//evil.example/a.jpg", "media/a.jpg"])("refuses %s", (path) => {
    expect(canonicalMediaPath(path)).toBeNull();
  });
});
