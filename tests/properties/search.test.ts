// @vitest-environment node
/**
 * How a property run reports (./search.ts): every invariant that breaks is found, with its first
 * case and how many broke it, however many other invariants break too; then its own first case
 * is shrunk against it alone.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstBreaks, shrinkBreak, type Breakage } from "./search.ts";

/** Two invariants over lists of numbers: no number above 50, and no negative number. */
const check = async (numbers: number[]): Promise<Breakage[]> => {
  const broken: Breakage[] = [];
  const large = numbers.filter((number) => number > 50);
  if (large.length > 0) broken.push({ name: "no number above 50", problems: large.map((number) => `${number} is above 50`) });
  if (numbers.some((number) => number < 0)) broken.push({ name: "no negative number", problems: ["a negative number"] });
  return Promise.resolve(broken);
};
const lists = fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 20 });
const options = { seed: 42, numRuns: 100 };

describe("a property run's report", () => {
  it("finds every invariant broken in the run, each with its first case and how many cases broke it", async () => {
    const found = await firstBreaks(lists, check, options);
    expect([...found.keys()].sort()).toEqual(["no negative number", "no number above 50"]);
    // The same cases, drawn again from the seed, counted here.
    const cases = fc.sample(lists, options);
    const above = cases.map((numbers) => numbers.some((number) => number > 50));
    expect(found.get("no number above 50")).toEqual({ run: above.indexOf(true), count: above.filter(Boolean).length });
    const negative = cases.map((numbers) => numbers.some((number) => number < 0));
    expect(found.get("no negative number")).toEqual({ run: negative.indexOf(true), count: negative.filter(Boolean).length });
    // Nothing is counted for an invariant that holds on every case.
    expect((await firstBreaks(lists.map((numbers) => numbers.map(Math.abs).map((number) => number % 50)), check, options)).size).toBe(0);
  });

  it("shrinks one invariant's first case against that invariant alone, to the smallest case that breaks it", async () => {
    const found = await firstBreaks(lists, check, options);
    const first = found.get("no number above 50");
    if (!first) throw new Error("the run broke no number above 50");
    const shrunk = await shrinkBreak(lists, check, "no number above 50", { ...options, first, shrinkSeconds: 30 });
    // The other invariant plays no part: the smallest list breaking this one is a single 51.
    expect(shrunk.value).toEqual([51]);
    expect(shrunk.problems).toEqual(["51 is above 50"]);
    expect(shrunk.steps).toBeGreaterThan(0);
    expect(shrunk.stoppedAfterSeconds).toBeUndefined();
  });

  it("says so when the first case does not break its invariant when replayed: the check depends on more than the case", async () => {
    let calls = 0;
    // Breaks on the first pass only.
    const flaky = (numbers: number[]): Promise<Breakage[]> => ((calls += 1), Promise.resolve(calls === 1 ? [{ name: "flaky", problems: [String(numbers.length)] }] : []));
    const first = (await firstBreaks(lists, flaky, { ...options, numRuns: 1 })).get("flaky");
    if (!first) throw new Error("the first pass found nothing");
    await expect(shrinkBreak(lists, flaky, "flaky", { ...options, numRuns: 1, first, shrinkSeconds: 5 })).rejects.toThrow(/holds when replayed/);
  });
});
