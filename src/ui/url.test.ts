import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeUrl } from "./url.ts";

describe("safeUrl", () => {
  it("keeps site paths and web, mail and phone addresses", () => {
    expect(safeUrl("/blogs/x")).toBe("/blogs/x");
    expect(safeUrl("https://careers.example.com/")).toBe("https://careers.example.com/");
    expect(safeUrl("mailto:hello@example.com")).toBe("mailto:hello@example.com");
    expect(safeUrl("tel:+14045550142")).toBe("tel:+14045550142");
  });

  it("drops script, data and protocol-relative addresses", () => {
    for (const bad of ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>", "vbscript:x", "//evil.example/x", "", null, undefined]) {
      expect(safeUrl(bad)).toBeNull();
    }
  });

  it("never returns a script: address for any input", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const url = safeUrl(s);
        if (url !== null) expect(url.replace(/[\p{Cc}\s]/gu, "").toLowerCase()).not.toMatch(/^(javascript|vbscript|data):/);
      }),
    );
  });
});
