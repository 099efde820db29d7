/**
 * Validates everything a layout author edits (registry/*.json and layouts/*.json) against
 * the runtime's schemas and the blocks' option schemas, and returns every problem with its
 * file and JSON path. Used by `npm run check:layouts`, the build and the tests.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod/mini";
import { en } from "zod/locales";
import { blockOptions } from "../blocks/options.ts";
import { heroVariants } from "../blocks/hero/options.ts";
import { resolveLayout, layoutFileName, type LayoutSource } from "../runtime/layout.ts";
import { formatPath, zodProblems, type ConfigProblem } from "../runtime/problems.ts";
import { BlockRegistryFileSchema, ResourceDefaultsFileSchema, RoutesFileSchema, templateRegistryFileSchema } from "../runtime/schemas.ts";
import { blockNames, blockRegistry, routeTable, templateRegistry, type BlockName } from "../runtime/registry.ts";
import { suggest } from "../runtime/suggest.ts";

z.config(en());

export interface CheckResult {
  problems: ConfigProblem[];
  layouts: string[];
}

/** Reads layouts/<name>.json (any case) as raw JSON; a file that is not JSON is reported, not thrown. */
export function diskLayouts(dir: string, problems: ConfigProblem[]): { names: string[]; source: LayoutSource } {
  const files = readdirSync(dir).filter((file) => file.endsWith(".json"));
  const byName = new Map(files.map((file) => [file.slice(0, -".json".length).toLowerCase(), file]));
  const seen = new Set<string>();
  for (const file of files) {
    const key = file.toLowerCase();
    if (seen.has(key)) problems.push({ file: `layouts/${file}`, path: "", message: "another layout file has the same name in a different case" });
    seen.add(key);
  }
  const read = (name: string): unknown => {
    const file = byName.get(name.toLowerCase());
    if (!file) return undefined;
    const text = readFileSync(join(dir, file), "utf8");
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      problems.push({ file: `layouts/${file}`, path: "", message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
      return { slots: [] };
    }
  };
  const source: LayoutSource = (name) => Promise.resolve(read(name));
  return { names: files.map((file) => file.slice(0, -".json".length)), source };
}

function optionProblems(block: BlockName, options: unknown, file: string, path: string): ConfigProblem[] {
  const schema = blockOptions[block];
  const parsed = schema.safeParse(options ?? {});
  if (parsed.success) return [];
  return zodProblems(file, schema, parsed.error).map((problem) => ({
    ...problem,
    path: problem.path === "" ? path : `${path}${problem.path.startsWith("[") ? "" : "."}${problem.path}`,
  }));
}

/** The registry files against their schemas; the rest of the check relies on them being sound. */
function registryProblems(root: string): ConfigProblem[] {
  const files = [
    ["blocks.json", BlockRegistryFileSchema],
    ["templates.json", templateRegistryFileSchema(blockNames)],
    ["routes.json", RoutesFileSchema],
    ["resource-defaults.json", ResourceDefaultsFileSchema],
  ] as const;
  return files.flatMap(([file, schema]) => {
    const name = `registry/${file}`;
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(join(root, "registry", file), "utf8"));
    } catch (error) {
      return [{ file: name, path: "", message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }];
    }
    const parsed = schema.safeParse(value);
    return parsed.success ? [] : zodProblems(name, schema, parsed.error);
  });
}

export async function checkConfiguration(root = process.cwd()): Promise<CheckResult> {
  const registry = registryProblems(root);
  if (registry.length > 0) return { problems: registry, layouts: [] };
  const problems: ConfigProblem[] = [];
  const { names, source } = diskLayouts(join(root, "layouts"), problems);

  // Layout file names must be something the site can ask for: a route's page or layout, a
  // page reached through the catch-all, or a base other layouts extend.
  const known = new Map<string, string>([["default", "default"]]);
  const know = (name: string) => known.set(name.toLowerCase(), name);
  for (const route of routeTable.routes) {
    if (route.page) know(route.page);
    if (route.layout) know(route.layout);
  }
  for (const page of routeTable.knownPages) know(page);
  const extended = new Set<string>();

  for (const name of names) {
    const layout = await resolveLayout(name, source);
    // Problems of an extended base are reported once, for the base file itself.
    problems.push(...layout.problems.filter((problem) => problem.file === layoutFileName(name)));
    const raw = (await source(name)) as { extends?: unknown } | undefined;
    if (typeof raw?.extends === "string") extended.add(raw.extends.toLowerCase());
    for (const slot of layout.slots) {
      if (slot.kind !== "block" || slot.origin.file !== layoutFileName(name)) continue;
      problems.push(...optionProblems(slot.block, slot.options, slot.origin.file, `${slot.origin.path}.options`));
    }
  }
  for (const name of names) {
    if (!known.has(name.toLowerCase()) && !extended.has(name.toLowerCase())) {
      const guess = suggest(name, [...known.values()]);
      problems.push({
        file: layoutFileName(name),
        path: "",
        message: `no route or page uses layout "${name}"${guess ? ` (did you mean "${guess}"?)` : ""}; page names come from registry/routes.json`,
      });
    }
  }

  for (const [name, template] of Object.entries(templateRegistry)) {
    problems.push(...optionProblems(template.block, template.options, "registry/templates.json", formatPath(["templates", name, "options"])));
    if (blockRegistry[template.block].consumes.length === 0) {
      problems.push({ file: "registry/templates.json", path: formatPath(["templates", name, "block"]), message: `block "${template.block}" shows no items, so it cannot show a content template` });
    }
  }

  routeTable.routes.forEach((route, index) => {
    if (route.hero !== undefined && !(heroVariants as readonly string[]).includes(route.hero)) {
      problems.push({ file: "registry/routes.json", path: formatPath(["routes", index, "hero"]), message: `unknown hero variant "${route.hero}"; expected one of ${heroVariants.join(", ")}` });
    }
  });
  const paths = new Map<string, number>();
  routeTable.routes.forEach((route, index) => {
    const key = route.path.toLowerCase();
    const first = paths.get(key);
    if (first !== undefined) problems.push({ file: "registry/routes.json", path: formatPath(["routes", index, "path"]), message: `"${route.path}" repeats routes[${first}] (routes match ignoring case)` });
    else paths.set(key, index);
  });

  problems.sort((a, b) => a.file.localeCompare(b.file) || a.path.localeCompare(b.path, "en", { numeric: true }));
  return { problems, layouts: names };
}
