// @vitest-environment node
import { describe, expect, it } from "vitest";
import { cacheControl, cacheControlFor } from "./cachePolicy.ts";

describe("cache policy", () => {
  it("revalidates pages, keeps hashed assets a year and other files an hour", () => {
    for (const page of ["/", "/Home", "/blogs/some-note", "/index.html"]) expect(cacheControlFor(page), page).toBe(cacheControl.html);
    expect(cacheControl.html).toMatch(/max-age=0/);
    expect(cacheControlFor("/assets/index-Bx12ab.js")).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor("/favicon.svg")).toBe("public, max-age=3600");
  });
});
