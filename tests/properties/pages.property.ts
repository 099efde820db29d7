// @vitest-environment node
/**
 * The invariants (./invariants.ts) on every fixture page file, on mutations of them and on pages
 * generated from the content contract, each rendered by the server as a visitor gets it.
 * PROPERTY_SEED and PROPERTY_RUNS (set by tools/test-properties.ts) pick the seed and the number
 * of generated pages; a failure writes its shrunk page as a fixture page (./counterexample.ts).
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { generatedPage, mutatedFixturePage } from "./arbitraries.ts";
import { writeCounterexample } from "./counterexample.ts";
import { brokenInvariants, describeBroken, invariants, stringsOf } from "./invariants.ts";
import { fixtureAddress, fixturePageNames, renderPage, type RenderedPage } from "./render.ts";

const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.PROPERTY_RUNS ?? 25);
const shrinkSeconds = Number(process.env.PROPERTY_SHRINK_SECONDS ?? 60);

async function renderOrError(address: string, page?: unknown): Promise<RenderedPage | { address: string; error: unknown }> {
  try {
    return await renderPage(address, page);
  } catch (error) {
    return { address, error };
  }
}

/** A generated page at an address: it holds when every invariant does; else the counterexample is kept as a fixture page. */
async function check(label: string, { address, page }: { address: string; page: Record<string, unknown> }): Promise<string | null> {
  const broken = await brokenInvariants({ rendered: await renderOrError(address, page), contentStrings: stringsOf(page) });
  return broken.length === 0 ? null : `${label}: ${describeBroken(address, broken)}`;
}

/** fast-check's run, reporting the shrunk page and where it was written for `npm run dev` to show. */
async function assertPages(label: string, arbitrary: fc.Arbitrary<{ address: string; page: Record<string, unknown> }>, numRuns: number) {
  let last: string | null = null;
  let firstFailure: number | null = null;
  const shrinking = { stopped: false };
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (input) => {
      // Shrinking renders a page per step: once its time is spent, every further candidate passes,
      // so fast-check ends with the smallest failing page found so far.
      if (firstFailure !== null && Date.now() - firstFailure > shrinkSeconds * 1000) {
        shrinking.stopped = true;
        return true;
      }
      last = await check(label, input);
      if (last !== null) firstFailure ??= Date.now();
      return last === null;
    }),
    { seed, numRuns },
  );
  if (!details.failed) return;
  const [counterexample] = details.counterexample ?? [];
  if (!counterexample) throw new Error(`${label}: failed without a counterexample (seed ${seed})`, { cause: details.errorInstance });
  // The shrunk case, checked once more so the message describes it (not the last case shrinking tried).
  const message = (await check(label, counterexample)) ?? last ?? "";
  const written = writeCounterexample(counterexample.address, counterexample.page);
  expect.fail(
    [
      message,
      `seed ${seed} (rerun: npm run test:properties -- --seed ${seed})${shrinking.stopped ? `; shrinking stopped after ${shrinkSeconds} s` : ""}`,
      `shrunk page written to ${written.file}: npm run dev, then open ${written.address}`,
      `page as the service answered it (at ${counterexample.address}):`,
      JSON.stringify(counterexample.page, null, 2).slice(0, 4000),
    ].join("\n"),
  );
}

describe("every fixture page, rendered by the server as a visitor gets it", () => {
  const names = fixturePageNames();
  /** The pages that broke each invariant, for the per-invariant lines below. */
  const brokenBy = new Map(invariants.map((invariant) => [invariant.name, [] as string[]]));
  it.each(names)("%s", async (name) => {
    const address = fixtureAddress(name);
    const content = JSON.parse(readFileSync(`fixtures/pages/${name}.json`, "utf8")) as unknown;
    const rendered = await renderOrError(address);
    const broken = await brokenInvariants({ rendered, contentStrings: new Set() });
    for (const { name: invariant } of broken) brokenBy.get(invariant)?.push(name);
    expect(broken.length === 0 ? "" : describeBroken(address, broken)).toBe("");
    // The fixture service answered this very file (not another page at the same address).
    if (!("error" in rendered)) expect(rendered.inspection.page.id).toBe((content as { id: unknown }).id);
  });
  // One line per invariant in the output (the pages above run first, in order).
  it.each(invariants.map((invariant) => invariant.name))(`%s: on all ${names.length} fixture pages`, (invariant) => {
    expect(brokenBy.get(invariant)).toEqual([]);
  });
});

describe(`fixture pages mutated (seed ${seed})`, () => {
  it("keep every invariant: fields missing, null, empty, huge, HTML and script, unknown types and tags, extreme counts", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await assertPages("a mutated fixture page", mutatedFixturePage, runs);
  });
});

describe(`pages generated from the content contract's schemas (seed ${seed})`, () => {
  it("keep every invariant", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await assertPages("a page generated from the contract", generatedPage, runs);
  });
});
