/**
 * docs/architecture.md's browser start lists the files it passes through, in order. This test keeps
 * the list true: each arrow `A → B` must be a real hand-off (A imports B, or B is the
 * server-rendering bundle A loads by its built name), and the path stays within its budget of
 * hops. The server's paths are measured from the code instead (tests/requestPath.test.ts).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";

interface Cruised {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

const page = readFileSync("docs/architecture.md", "utf8");

/** The paths of the page: a `<!-- hops: NAME, at most N -->` comment, then lines of `file → file → …` up to a blank line. */
function listedPaths(markdown: string): { name: string; budget: number; arrows: [string, string][] }[] {
  return [...markdown.matchAll(/<!-- hops: ([^,]+), at most (\d+) -->\n((?:.+\n)+?)(?:\n|$)/g)].map(([, name = "", budget = "0", lines = ""]) => ({
    name,
    budget: Number(budget),
    arrows: lines
      .split("\n")
      .map((line) => [...line.matchAll(/`([^`]+\.tsx?)`/g)].map((match) => match[1] ?? ""))
      .flatMap((files) => files.slice(1).map((to, index): [string, string] => [files[index] ?? "", to])),
  }));
}

let graph: Map<string, Set<string>> | undefined;
function imports(): Map<string, Set<string>> {
  if (graph) return graph;
  const run = spawnSync(process.execPath, ["node_modules/dependency-cruiser/bin/dependency-cruise.mjs", "src", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const cruised = JSON.parse(run.stdout) as Cruised;
  graph = new Map(cruised.modules.map((module) => [module.source, new Set(module.dependencies.map((dependency) => dependency.resolved))]));
  return graph;
}

/** A hand-off: `from` imports `to` (types included), or loads the built bundle of `to` by its name (dist/server/<name>.js). */
function handsOff(from: string, to: string): boolean {
  if (imports().get(from)?.has(to)) return true;
  const bundle = basename(to).replace(/\.tsx?$/, ".js");
  return readFileSync(from, "utf8").includes(`server/${bundle}`);
}

describe("docs/architecture.md's request path", () => {
  const paths = listedPaths(page);

  it("lists the browser's start (the server's paths are measured: tests/requestPath.test.ts)", () => {
    expect(paths.map((path) => path.name)).toEqual(["the browser's start"]);
  });

  for (const path of listedPaths(page)) {
    it(`${path.name}: every arrow is a real hand-off, within ${path.budget} hops`, () => {
      expect(path.arrows.filter(([from, to]) => !handsOff(from, to)).map(([from, to]) => `${from} → ${to}`)).toEqual([]);
      expect(path.arrows.length).toBeGreaterThan(0);
      expect(path.arrows.length).toBeLessThanOrEqual(path.budget);
    });
  }

  it("catches an arrow the code does not have (the check itself can fail)", () => {
    expect(handsOff("src/boot.ts", "src/runtime/PageRenderer.tsx")).toBe(false);
    expect(handsOff("src/main.tsx", "src/app/start.tsx")).toBe(true);
  });
});
