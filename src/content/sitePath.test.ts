import { describe, expect, it } from "vitest";
import { isSitePath } from "./canonicalAddress.ts";

describe("the one site-path rule", () => {
  it("takes a path of this site", () => {
    for (const path of ["/", "/blogs/x", "/a\\b", "/media/a b.jpg", "/?x=1", "/#top"]) expect(isSitePath(path), path).toBe(true);
  });

  it("refuses whatever a browser reads as another host or no path", () => {
    for (const address of ["//evil.example", "/\\evil.example", "/\\\\evil.example", "/\t/evil.example", "/\n\\evil.example", "\t//evil.example", "https://evil.example/", "evil.example", "", "#x", "javascript:alert(1)"]) {
      expect(isSitePath(address), JSON.stringify(address)).toBe(false);
    }
  });

  it("agrees with the browser's own reading (WHATWG URL) of where each address leads", () => {
    const base = "https://www.corvane.example/page";
    for (const address of ["/x", "//evil.example/x", "/\\evil.example", "/\t/evil.example", "/\r\n/evil.example", "/a\\b"]) {
      expect(isSitePath(address), JSON.stringify(address)).toBe(new URL(address, base).origin === new URL(base).origin);
    }
  });
});
