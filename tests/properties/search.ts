/**
 * How the properties find what breaks an invariant and report it once per invariant. A first
 * pass over the generated cases records, for each invariant, the first case that broke it and how
 * many did, shrinking nothing: shrinking towards one failure would hide every other invariant
 * behind it. Then, for an invariant that broke, its first case is replayed (the run's seed and
 * the case's path) with that invariant alone as the property, and fast-check shrinks it to the
 * smallest case that still breaks it.
 */
import fc from "fast-check";

/** An invariant a case broke, and how, in words. */
export interface Breakage {
  name: string;
  problems: string[];
}

/** The first case of a run that broke an invariant (its index in the run), and how many did. */
export interface FirstBreak {
  run: number;
  count: number;
}

export interface SearchOptions {
  seed: number;
  numRuns: number;
}

/** Every invariant `check` finds broken in `numRuns` cases of `arbitrary`, with the first case that broke it. */
export async function firstBreaks<T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<Breakage[]>, { seed, numRuns }: SearchOptions): Promise<Map<string, FirstBreak>> {
  const found = new Map<string, FirstBreak>();
  let run = 0;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      for (const { name } of await check(value)) {
        const known = found.get(name);
        if (known) known.count += 1;
        else found.set(name, { run, count: 1 });
      }
      run += 1;
      return true;
    }),
    { seed, numRuns },
  );
  // The pass never fails a case; an error here is the search's own (a generator that threw).
  if (details.failed) throw new Error(`the search over generated cases failed (seed ${seed})`, { cause: details.errorInstance });
  return found;
}

export interface Shrunk<T> {
  value: T;
  problems: string[];
  steps: number;
  /** Set when shrinking was stopped at its time limit: the case is the smallest found by then. */
  stoppedAfterSeconds?: number;
}

/** The case `first` names, shrunk while it still breaks `invariant`. */
export async function shrinkBreak<T>(
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<Breakage[]>,
  invariant: string,
  { seed, numRuns, first, shrinkSeconds }: SearchOptions & { first: FirstBreak; shrinkSeconds: number },
): Promise<Shrunk<T>> {
  const problemsOf = async (value: T) => (await check(value)).find((broken) => broken.name === invariant)?.problems ?? [];
  let failingSince: number | null = null;
  // An object, not a `let`: it is set inside the property, where the type checker does not follow.
  const shrinking = { stopped: false };
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      // Each step renders a page: once the time is spent, every further candidate passes, so
      // fast-check ends with the smallest failing case found so far.
      if (failingSince !== null && Date.now() - failingSince > shrinkSeconds * 1000) {
        shrinking.stopped = true;
        return true;
      }
      const holds = (await problemsOf(value)).length === 0;
      if (!holds) failingSince ??= Date.now();
      return holds;
    }),
    { seed, numRuns, path: String(first.run) },
  );
  if (!details.failed || details.counterexample === null) throw new Error(`"${invariant}": the case that broke it (seed ${seed}, case ${first.run}) holds when replayed: the check depends on more than the case`);
  const [value] = details.counterexample;
  return { value, problems: await problemsOf(value), steps: details.numShrinks, ...(shrinking.stopped ? { stoppedAfterSeconds: shrinkSeconds } : {}) };
}

/** A problem line as a report shows it: long ones (a stack, a page's text) cut. */
export const shortened = (problem: string) => (problem.length > 400 ? `${problem.slice(0, 400)}…` : problem);

/** The lines of a report that say how to run the same cases again. */
export const rerun = (seed: number, runs: number) => `seed ${seed} (rerun: npm run test:properties -- --seed ${seed}${runs === 100 ? "" : ` --runs ${runs}`})`;
