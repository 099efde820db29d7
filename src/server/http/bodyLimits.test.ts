// @vitest-environment node
import { describe, expect, it } from "vitest";
import { bodyLimitFor, bodyLimits } from "./bodyLimits.ts";

describe("body limit policy", () => {
  it("gives the lead forms a few hundred kB, content calls a few kB and everything else nothing", () => {
    expect(bodyLimitFor("/api/contactus/create")).toBe(256 * 1024);
    expect(bodyLimitFor("/api/thoughtPaper/SaveUserInfo")).toBe(256 * 1024);
    expect(bodyLimitFor("/api/page/GetContentList")).toBe(8 * 1024);
    expect(bodyLimitFor("/Home")).toBe(0);
    expect(bodyLimitFor("/assets/index.js")).toBe(0);
    expect(Object.values(bodyLimits).every((limit) => limit <= 256 * 1024)).toBe(true);
  });
});
