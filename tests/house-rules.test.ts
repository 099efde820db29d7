/**
 * House rules for tests (issue 14): no test waits for real time to pass. A sleep makes a test
 * slow, and an "X has not happened after N ms" check that merely slept can pass on a slow machine
 * for the wrong reason; fake timers (vitest), Playwright's clock or waiting on the event itself
 * do the same exactly. A sleep no clock can replace stays, with a `// no clock:` comment on the
 * line before saying why.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoFiles } from "./repoFiles.ts";

/** Test code: spec and test files, and the helpers tests share (tests/). */
function testFiles(): string[] {
  return [...repoFiles("src", (path) => /\.(test|spec)\.tsx?$/.test(path)), ...repoFiles("tests", (path) => /\.tsx?$/.test(path))];
}

const sleeps = [/\bwaitForTimeout\(/, /setTimeout\(\s*(resolve|r|res|done|next)\b/, /new Promise[^\n]*setTimeout\(/];

/** Lines of `source` that sleep without a `// no clock:` comment on the line before, as "file:line: code". */
export function unexplainedSleeps(file: string, source: string): string[] {
  const lines = source.split("\n");
  return lines.flatMap((line, index) => {
    if (!sleeps.some((sleep) => sleep.test(line))) return [];
    if (/\/\/\s*no clock:/.test(lines[index - 1] ?? "")) return [];
    return [`${file}:${String(index + 1)}: ${line.trim()}`];
  });
}

describe("tests never sleep", () => {
  it("finds a sleep, and accepts one explained by a `// no clock:` comment (the rule itself can fail)", () => {
    const source = [
      "await page.waitForTimeout(500);",
      "await new Promise((resolve) => setTimeout(resolve, 50));",
      "// no clock: the browser's own network stack decides when this arrives",
      "await page.waitForTimeout(100);",
      "await page.clock.runFor(500);",
    ].join("\n");
    expect(unexplainedSleeps("sample.spec.ts", source)).toEqual([
      "sample.spec.ts:1: await page.waitForTimeout(500);",
      "sample.spec.ts:2: await new Promise((resolve) => setTimeout(resolve, 50));",
    ]);
  });

  it("holds for every test file in src/ and tests/", () => {
    const files = testFiles().filter((file) => file !== "tests/house-rules.test.ts");
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((file) => unexplainedSleeps(file, readFileSync(file, "utf8")))).toEqual([]);
  });
});

describe("modules import one way (npm run lint's circle check, type imports included)", () => {
  const depcruise = (...dirs: string[]) => spawnSync(process.execPath, ["node_modules/dependency-cruiser/bin/dependency-cruise.mjs", ...dirs, "--config", ".dependency-cruiser.cjs"], { encoding: "utf8" });

  it("refuses a circle made of type imports alone, which ESLint's import/no-cycle lets through", () => {
    const dir = mkdtempSync(join(tmpdir(), "circle-"));
    writeFileSync(join(dir, "page.ts"), 'import type { Chrome } from "./chrome.ts";\nexport interface Page { chrome: Chrome }\n');
    writeFileSync(join(dir, "chrome.ts"), 'import type { Page } from "./page.ts";\nexport interface Chrome { page: Page }\n');
    const run = depcruise(dir);
    rmSync(dir, { recursive: true, force: true });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toMatch(/no-circular: .*(page|chrome)\.ts →/);
  });

  it("holds for src/, fixture-service/, tools/ and tests/", () => {
    const run = depcruise("src", "fixture-service", "tools", "tests");
    expect(run.stdout).toContain("no dependency violations found");
    expect(run.status).toBe(0);
  });
});
