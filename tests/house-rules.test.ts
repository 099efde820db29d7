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

/**
 * Spans of `size` lines of code standing in two places (issue 50), as "a.ts:3 = b.ts:40". Lines
 * are compared trimmed; blank lines, comments, imports and lone punctuation are passed over, as
 * the `duplicates` tool does, so a copied span shows however it was re-indented.
 */
export function repeatedSpans(files: { file: string; source: string }[], size = 10): string[] {
  const seen = new Map<string, string>();
  const found: string[] = [];
  for (const { file, source } of files) {
    const lines = source
      .split("\n")
      .map((text, index) => ({ text: text.trim(), line: index + 1 }))
      .filter(({ text }) => text !== "" && !/^(\/\/|\/\*|\*|import\s)/.test(text) && !/^[\s{}()[\];,<>/]*$/.test(text));
    let lastReported = -size;
    for (let start = 0; start + size <= lines.length; start++) {
      const key = lines.slice(start, start + size).map(({ text }) => text).join("\n");
      const place = `${file}:${String(lines[start]?.line)}`;
      const earlier = seen.get(key);
      if (earlier === undefined) seen.set(key, place);
      // One row for a run longer than the span, not one per line of it.
      else if (start - lastReported >= size) {
        found.push(`${earlier} = ${place}`);
        lastReported = start;
      }
    }
  }
  return found;
}

describe("src/ says each thing once", () => {
  it("finds a span of 10 lines standing twice, re-indented or not (the rule itself can fail)", () => {
    const body = Array.from({ length: 10 }, (_, index) => `const value${String(index)} = compute(${String(index)});`);
    const files = [
      { file: "a.ts", source: ["import { compute } from './c.ts';", ...body].join("\n") },
      { file: "b.ts", source: ["export function f() {", "  // the same, indented", ...body.map((line) => `  ${line}`), "}"].join("\n") },
      { file: "c.ts", source: body.slice(0, 9).join("\n") },
    ];
    expect(repeatedSpans(files)).toEqual(["a.ts:2 = b.ts:3"]);
  });

  it("holds for the site's code in src/ (tests aside)", () => {
    const files = repoFiles("src", (path) => /\.(tsx?|css)$/.test(path) && !/\.(test|spec)\.tsx?$/.test(path)).map((file) => ({ file, source: readFileSync(file, "utf8") }));
    expect(files.length).toBeGreaterThan(100);
    expect(repeatedSpans(files)).toEqual([]);
  });
});
