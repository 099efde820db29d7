/**
 * `npm run check:fixtures`: every fixture page file (fixtures/pages/*.json) against the page
 * schema derived from the content contract (./fixturePageSchema.ts), plus what a schema cannot
 * see across files: ids and names unique, each name its file's (the service finds a page by its
 * file's name). Messages name the file and JSON path, with "did you mean" on unknown keys, as
 * the layout checker's do.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod/mini";
import { en } from "zod/locales";
import { PageSchema, type Page } from "../../src/content/contract.ts";
import { formatPath, reportInput, zodProblems, type ConfigProblem } from "../../src/runtime/problems.ts";
import { fixturePageSchema, fixtureSchemaReference } from "./fixturePageSchema.ts";
import { readJsonFile } from "../../src/build/jsonFile.ts";

// zod/mini carries no messages of its own: the checker's say what was expected ("expected number, received string").
z.config(en());

export interface FixturePages {
  /** The files, as fixtures/pages/<name>.json. */
  files: string[];
  /** The pages that parse, as the site reads them (the contract). */
  pages: Page[];
  problems: ConfigProblem[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads and checks every fixture page under `dir` (the fixture folder, e.g. `fixtures`). */
export function readFixturePages(dir: string): FixturePages {
  const folder = join(dir, "pages");
  const names = readdirSync(folder).filter((file) => file.endsWith(".json")).sort();
  const files = names.map((file) => `${dir}/pages/${file}`);
  const problems: ConfigProblem[] = [];
  const pages: Page[] = [];
  const byId = new Map<number, string>();
  const byName = new Map<string, string>();
  names.forEach((fileName, index) => {
    const file = files[index] ?? fileName;
    const read = readJsonFile(join(folder, fileName), file);
    if (!read.ok) {
      problems.push(read.problem);
      return;
    }
    const value = read.value;
    const checked = fixturePageSchema.safeParse(value, reportInput);
    if (!checked.success) problems.push(...zodProblems(file, fixturePageSchema, checked.error));
    if (!isRecord(value)) return;
    if (value.$schema !== fixtureSchemaReference) {
      problems.push({ file, path: formatPath(["$schema"]), message: `write "$schema": "${fixtureSchemaReference}" first, for the editor's completion and checks` });
    }
    const base = fileName.slice(0, -".json".length);
    const { name, id } = value;
    if (typeof name === "string" && name !== base) {
      problems.push({ file, path: "name", message: `"${name}" is not the file's name: the service finds this page as "${base}" (rename the file, or write "name": "${base}")` });
    }
    if (typeof id === "number" && Number.isInteger(id)) {
      const other = byId.get(id);
      if (other !== undefined) problems.push({ file, path: "id", message: `${id} is also the id of ${other}` });
      else byId.set(id, file);
    }
    // The service finds pages ignoring case: two names differing in case are one page.
    const key = base.toLowerCase();
    const same = byName.get(key);
    if (same !== undefined) problems.push({ file, path: "", message: `${same} has the same name in a different case` });
    else byName.set(key, file);
    const page = PageSchema.safeParse(value);
    if (page.success) pages.push(page.data);
  });
  return { files, pages, problems };
}
