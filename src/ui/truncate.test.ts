import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capitalise, truncate } from "./truncate.ts";

const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map((s) => s.segment);

describe("truncate", () => {
  it("cuts to the limit at a word boundary and adds the suffix (SPEC 9: 43 and 50)", () => {
    expect(truncate("Automating claims intake for a regional insurer in six weeks", 43)).toBe("Automating claims intake for a regional...");
    expect(truncate("Automating claims intake for a regional, fast insurer", 43)).toBe("Automating claims intake for a regional...");
    expect(truncate("Automating claims intake for a regional in six weeks", 43)).toBe("Automating claims intake for a regional in...");
    expect(truncate("Short title", 43)).toBe("Short title");
    // A sentence's own full stop does not run into the ellipsis.
    expect(truncate("Immersive learning is no longer experimental. Trainingteamseverywhere", 50)).toBe("Immersive learning is no longer experimental...");
    expect(truncate("Results: faster; cheaper: better outcomes for all", 25)).toBe("Results: faster; cheaper...");
  });

  it("cuts inside a word only when no word boundary keeps half the limit", () => {
    expect(truncate("Supercalifragilisticexpialidocious results", 20)).toBe("Supercalifragilistic...");
    expect(truncate("An extraordinarilylongcompoundword", 20)).toBe("An extraordinarilylo...");
  });

  it("never splits an emoji, an accented letter or an entity", () => {
    expect(truncate("ab😀cd", 3)).toBe("ab😀...");
    expect(truncate("e\u0301e\u0301e\u0301", 2)).toBe("e\u0301e\u0301...");
    expect(truncate("Ops &amp; finance teams", 5)).toBe("Ops &amp;...");
  });

  it("holds its properties for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), fc.integer({ min: 1, max: 60 }), (text, max) => {
        const out = truncate(text, max);
        if (graphemes(text).length <= max) {
          expect(out).toBe(text);
          return;
        }
        expect(out.endsWith("...")).toBe(true);
        const body = out.slice(0, -3);
        expect(text.startsWith(body)).toBe(true);
        expect(graphemes(body).length).toBeLessThanOrEqual(max);
        // No lone surrogate: the cut is on a character boundary.
        expect(body.isWellFormed()).toBe(true);
      }),
    );
  });

  it("never leaves a broken entity", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", " ", "&amp;", "&#8217;", "&nbsp;", "é"), { maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (parts, max) => {
        const out = truncate(parts.join(""), max);
        expect(out).not.toMatch(/&[#a-z0-9]*\.\.\.$/i);
      }),
    );
  });
});

describe("capitalise", () => {
  it("upper-cases the first letter only", () => {
    expect(capitalise("claims automation")).toBe("Claims automation");
    expect(capitalise("")).toBe("");
    expect(capitalise("élan")).toBe("Élan");
  });
});

describe("an absurd text from content", () => {
  it("is cut, not a crash: 255,000 characters", () => {
    expect(truncate("P".repeat(255_000), 70, "…")).toBe(`${"P".repeat(70)}…`);
  });
});
