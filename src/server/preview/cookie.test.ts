// @vitest-environment node
import { describe, expect, it } from "vitest";
import { endPreviewCookie, previewCookie, previewCookieName, previewCookieValues } from "./cookie.ts";

const now = Date.parse("2026-12-01T10:00:00Z");
const inSeconds = (seconds: number) => Math.floor(now / 1000) + seconds;

describe("the preview cookie", () => {
  it("works in an editor's frame, and expires with the token", () => {
    expect(previewCookie("t.s", inSeconds(900), now)).toBe(`${previewCookieName}=t.s; Max-Age=900; Path=/; Secure; HttpOnly; SameSite=None; Partitioned`);
  });

  it("is deleted with the attributes it was set with", () => {
    expect(endPreviewCookie).toBe(`${previewCookieName}=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=None; Partitioned`);
  });

  it("is read among other cookies, each of its name", () => {
    expect(previewCookieValues(`a=1; ${previewCookieName}=one.x; b=${previewCookieName}; ${previewCookieName}=two.y`)).toEqual(["one.x", "two.y"]);
    expect(previewCookieValues("a=1")).toEqual([]);
    expect(previewCookieValues(undefined)).toEqual([]);
  });
});
