// @vitest-environment node
/**
 * One table of every setting (docs/operations.md "Settings"): each environment variable the code
 * reads has a row, and each row names a variable something reads. An operator who reads the
 * table knows every knob; a setting added without its row fails here, saying which.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoFiles } from "./repoFiles.ts";

const table = "docs/operations.md";

/** Facts of the environment, not settings of the site: the shell's, Vitest's, and Vite's own build flags. */
const notSettings = new Set(["PATH", "HOME", "VITEST", "DEV", "PROD", "SSR", "MODE", "BASE_URL"]);

/** What the code reads: `process.env.X`, `import.meta.env.X`, `env.X` (an env object handed on), `env["X"]`. */
const readPattern = /\b(?:process\.env|import\.meta\.env|env)\??\.([A-Z][A-Z0-9_]*)\b|\benv\[\s*"([A-Z][A-Z0-9_]*)"\s*\]/g;

const sourceFiles = [
  ...["src", "fixture-service", "tools", "tests"].flatMap((dir) => repoFiles(dir, (path) => /\.(ts|tsx|js|mjs|cjs)$/.test(path) && path !== "tests/settings.test.ts")),
  "vite.config.ts",
  "eslint.config.js",
];

/** Each setting the code reads, with the first file that reads it. */
function settingsRead(): Map<string, string> {
  const read = new Map<string, string>();
  for (const file of sourceFiles) {
    for (const match of readFileSync(file, "utf8").matchAll(readPattern)) {
      const name = match[1] ?? match[2] ?? "";
      if (!notSettings.has(name) && !read.has(name)) read.set(name, file);
    }
  }
  return read;
}

/** The table's rows: the settings each names (a row may name a few: `PORT`, `HOST`) and who reads them. */
function tableRows(): { names: string[]; readBy: string }[] {
  const markdown = readFileSync(table, "utf8");
  const section = markdown.slice(markdown.indexOf("\n## Settings\n"));
  const body = section.slice(0, section.indexOf("\n## ", 1));
  return [...body.matchAll(/^\| (`[A-Z][A-Z0-9_]*`(?:, `[A-Z][A-Z0-9_]*`)*) \| [^|]+ \| ([^|]+) \|/gm)].map((row) => ({
    names: [...(row[1] ?? "").matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1] ?? ""),
    readBy: (row[2] ?? "").trim(),
  }));
}

describe(`the table of settings (${table}#settings)`, () => {
  const rows = tableRows();
  const documented = new Set(rows.flatMap((row) => row.names));

  it("has a row for every setting the code reads", () => {
    expect(rows.length).toBeGreaterThan(40);
    const missing = [...settingsRead()].filter(([name]) => !documented.has(name)).map(([name, file]) => `${name} (read in ${file}): add a row to ${table}#settings`);
    expect(missing).toEqual([]);
  });

  it("names only settings something reads (a row read by a library says `library: <name>`)", () => {
    const read = settingsRead();
    const stale = rows.filter((row) => !row.readBy.startsWith("library:")).flatMap((row) => row.names.filter((name) => !read.has(name)));
    expect(stale).toEqual([]);
  });

  it("names each setting once", () => {
    const names = rows.flatMap((row) => row.names);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
