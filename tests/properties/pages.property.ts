// @vitest-environment node
/**
 * The invariants (./invariants.ts) on every fixture page file, on mutations of them and on pages
 * generated from the content contract, each rendered by the server as a visitor gets it. One
 * test per invariant: a broken one fails once, naming the first page that broke it (shrunk, when
 * generated: ./search.ts), how many did, the seed, and where the page was written for
 * `npm run dev -- --counterexamples` (./counterexample.ts). PROPERTY_SEED and PROPERTY_RUNS (set
 * by tools/test-properties.ts) pick the seed and the number of generated pages.
 */
import type fc from "fast-check";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { generatedPage, mutatedFixturePage } from "./arbitraries.ts";
import { writeCounterexample } from "./counterexample.ts";
import { brokenInvariants, invariants, stringsOf } from "./invariants.ts";
import { fixtureAddress, fixturePageNames, renderPage, type RenderedPage } from "./render.ts";
import { firstBreaks, rerun, shortened, shrinkBreak, type Breakage, type FirstBreak } from "./search.ts";

const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.PROPERTY_RUNS ?? 25);
const shrinkSeconds = Number(process.env.PROPERTY_SHRINK_SECONDS ?? 60);

type Case = { address: string; page: Record<string, unknown> };

async function renderOrError(address: string, page?: unknown): Promise<RenderedPage | { address: string; error: unknown }> {
  try {
    return await renderPage(address, page);
  } catch (error) {
    return { address, error };
  }
}

/** The invariants a generated page at its address breaks (a link the page itself writes is the content's). */
const checkCase = async ({ address, page }: Case): Promise<Breakage[]> => brokenInvariants({ rendered: await renderOrError(address, page), contentStrings: stringsOf(page) });

const generated: { label: string; arbitrary: fc.Arbitrary<Case> }[] = [
  { label: "mutated fixture pages", arbitrary: mutatedFixturePage },
  { label: "pages generated from the content contract", arbitrary: generatedPage },
];

const names = fixturePageNames();
/** Per invariant, the fixture pages that broke it, and how the first did. */
const fixtureBreaks = new Map<string, { pages: string[]; address: string; problems: string[] }>();
/** Fixture pages whose address answered another page than the file (its id). */
const answeredOther: string[] = [];
/** Per source of generated pages, the first page that broke each invariant. */
const generatedBreaks = new Map<string, Map<string, FirstBreak>>();

beforeAll(async () => {
  // Mutated pages make the renderer warn (a block's options, a missing image): the invariants are the subject here.
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  for (const name of names) {
    const address = fixtureAddress(name);
    const rendered = await renderOrError(address);
    for (const { name: invariant, problems } of await brokenInvariants({ rendered, contentStrings: new Set() })) {
      const known = fixtureBreaks.get(invariant);
      if (known) known.pages.push(name);
      else fixtureBreaks.set(invariant, { pages: [name], address, problems });
    }
    const file = JSON.parse(readFileSync(`fixtures/pages/${name}.json`, "utf8")) as { id?: unknown };
    if (!("error" in rendered) && rendered.inspection.page.id !== file.id) answeredOther.push(`${address} answered page ${rendered.inspection.page.id}, not ${name} (${String(file.id)})`);
  }
  for (const { label, arbitrary } of generated) generatedBreaks.set(label, await firstBreaks(arbitrary, checkCase, { seed, numRuns: runs }));
}, 1_800_000);

describe(`every fixture page, ${runs} mutated and ${runs} generated pages, rendered by the server as a visitor gets it (seed ${seed})`, () => {
  it(`answers each of the ${names.length} fixture pages at its address with that very file`, () => {
    expect(answeredOther).toEqual([]);
  });

  it.each(invariants.map((invariant) => invariant.name))("%s", async (invariant) => {
    const report: string[] = [];
    const fixture = fixtureBreaks.get(invariant);
    if (fixture) {
      report.push(`broken on ${fixture.pages.length} fixture page${fixture.pages.length === 1 ? "" : "s"} (${fixture.pages.join(", ")}); the first, at ${fixture.address}:`, ...fixture.problems.map((problem) => `    ${shortened(problem)}`));
    }
    // The first source that broke it is shrunk and written; the others are counted.
    const counts: string[] = [];
    for (const { label, arbitrary } of generated) {
      const first = generatedBreaks.get(label)?.get(invariant);
      if (!first) continue;
      counts.push(`${first.count} of ${runs} ${label}`);
      if (report.length > 0) continue;
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const shrunk = await shrinkBreak(arbitrary, checkCase, invariant, { seed, numRuns: runs, first, shrinkSeconds });
      const written = writeCounterexample(shrunk.value.address, shrunk.value.page);
      report.push(
        `broken by one of the ${label} at ${shrunk.value.address}, shrunk in ${shrunk.steps} steps${shrunk.stoppedAfterSeconds ? ` (stopped after ${shrunk.stoppedAfterSeconds} s)` : ""}:`,
        ...shrunk.problems.map((problem) => `    ${shortened(problem)}`),
        `written to ${written.file}: ${written.open}`,
      );
    }
    if (report.length === 0) return;
    if (counts.length > 0) report.push(`generated pages that broke it: ${counts.join(", ")}`);
    expect.fail([`✗ ${invariant}`, ...report, rerun(seed, runs)].join("\n"));
  });
});
