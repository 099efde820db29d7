import { describe, expect, it } from "vitest";
import { isCount, numberSetting, secondsSetting } from "./settings.ts";

describe("number settings", () => {
  it("takes a number an operator wrote, spaces around it included", () => {
    expect(numberSetting(" 25 ", 10)).toBe(25);
    expect(numberSetting("0", 10)).toBe(0);
    expect(secondsSetting("1.5", 60_000)).toBe(1_500);
  });

  it("falls back to the default for a value that is unset, empty, not a number or refused", () => {
    for (const raw of [undefined, "", "  ", "ten", "Infinity", "-1"]) expect(numberSetting(raw, 10)).toBe(10);
    expect(numberSetting("2.5", 9, isCount)).toBe(9);
    expect(numberSetting("0", 25, (n) => n > 0)).toBe(25);
    expect(secondsSetting("soon", 60_000)).toBe(60_000);
  });
});
