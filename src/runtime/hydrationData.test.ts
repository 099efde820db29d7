import { describe, expect, it } from "vitest";
import { scriptSafeJson } from "./hydrationData.ts";

describe("the server's embedded page data", () => {
  it("is written so that no text can end the script element", () => {
    const text = scriptSafeJson({ a: "</script><!-- \u2028 & >" });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ a: "</script><!-- \u2028 & >" });
  });
});
