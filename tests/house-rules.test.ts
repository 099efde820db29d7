/**
 * House rules for tests (issue 14): no test waits for real time to pass. A sleep makes a test
 * slow, and an "X has not happened after N ms" check that merely slept can pass on a slow machine
 * for the wrong reason; fake timers (vitest), Playwright's clock or waiting on the event itself
 * do the same exactly. A sleep no clock can replace stays, with a `// no clock:` comment on the
 * line before saying why.
 */
import { readFileSync } from "node:fs";
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
