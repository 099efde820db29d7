import { describe, expect, it } from "vitest";
import { machineDate } from "./contract.ts";

describe("machineDate", () => {
  it("is the calendar date as written when the service sends no time zone", () => {
    expect(machineDate("2026-03-14T00:00:00")).toBe("2026-03-14");
    expect(machineDate("2026-03-14T23:30:00")).toBe("2026-03-14");
    expect(machineDate(" 2026-03-14 ")).toBe("2026-03-14");
  });

  it("keeps the instant of a date with a time zone", () => {
    expect(machineDate("2026-03-14T08:00:00+08:00")).toBe("2026-03-14T00:00:00Z");
    expect(machineDate("2026-03-14T08:00:00.250Z")).toBe("2026-03-14T08:00:00.250Z");
  });

  it("publishes no date that is not one", () => {
    for (const value of [null, undefined, "", "soon", "2026-02-30", "2026-13-01", "14/03/2026", "2026-03-14T25:00:00Z"]) expect(machineDate(value)).toBeNull();
  });
});
