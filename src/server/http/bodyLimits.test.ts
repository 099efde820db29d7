// @vitest-environment node
import { describe, expect, it } from "vitest";
import { bodyLimits } from "./bodyLimits.ts";

describe("body limit policy", () => {
  it("gives the lead forms a few hundred kB, content calls a few kB and everything else nothing", () => {
    // Keys are lower case: Fastify's routes are mounted case-insensitive.
    expect(bodyLimits["/api/contactus/create"]).toBe(256 * 1024);
    expect(bodyLimits["/api/thoughtpaper/saveuserinfo"]).toBe(256 * 1024);
    expect(bodyLimits["/api/page/getcontentlist"]).toBe(8 * 1024);
    expect(Object.keys(bodyLimits).every((path) => path === path.toLowerCase() && path.startsWith("/api/"))).toBe(true);
    expect(Object.values(bodyLimits).every((limit) => limit <= 256 * 1024)).toBe(true);
  });
});
