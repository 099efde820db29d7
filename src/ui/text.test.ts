import { describe, expect, it } from "vitest";
import { formatDate, toPlainText } from "./text.ts";

describe("toPlainText", () => {
  it("keeps the text of markup and decodes entities", () => {
    expect(toPlainText("<em>Future</em> of <strong>work</strong> &amp; play")).toBe("Future of work & play");
  });

  it("never runs or loads anything while reading markup", () => {
    const before = document.querySelectorAll("img, script").length;
    expect(toPlainText('<img src=x onerror="window.__ran=1">Hi<script>window.__ran=1</script>')).toBe("Hi");
    expect(document.querySelectorAll("img, script").length).toBe(before);
    expect((window as unknown as { __ran?: number }).__ran).toBeUndefined();
  });
});

describe("formatDate", () => {
  it("shows Month day, year (SPEC 9)", () => {
    expect(formatDate("2026-03-14T00:00:00")).toBe("March 14, 2026");
    expect(formatDate("2025-12-01")).toBe("December 1, 2025");
  });

  it("shows nothing for missing or malformed dates", () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate("yesterday")).toBeNull();
    expect(formatDate("2026-13-01")).toBeNull();
  });
});
