/**
 * The one reader and checker of what layout authors edit: registry/*.json and layouts/*.json,
 * against the runtime's schemas and every block's declared options. It returns every problem it
 * finds, each with file, JSON path and message (a file that is not JSON: its line and column),
 * for `npm run check:layouts`, the Vite plugin (dev server and build, ./layoutsPlugin.ts), the
 * layout inspector and the tests.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod/mini";
import { en } from "zod/locales";
import { blockDeclarations } from "../blocks/declarations.generated.ts";
import { resolveLayout, type LayoutResolution, type LayoutSource } from "../runtime/layout.ts";
import { defaultLayoutName, layoutFileName, layoutKey } from "../runtime/layoutNames.ts";
import { formatPath, formatProblem, reportInput, zodProblems, type ConfigProblem } from "../runtime/problems.ts";
import { BlockRegistryFileSchema, ResourceDefaultsFileSchema, RoutesFileSchema, templateRegistryFileSchema, type RoutesFile, type TemplateRegistryFile } from "../runtime/schemas.ts";
import { blockNames, blockRegistry, isBlockName, type BlockName } from "../runtime/registry.ts";
import { suggest } from "../runtime/suggest.ts";
import { readJsonFile } from "./jsonFile.ts";

z.config(en());

export interface LayoutFiles {
  /** Layout names as their files spell them. */
  names: string[];
  /** Raw JSON of a layout by name, any case; undefined when there is no such file. */
  source: LayoutSource;
  /** Files that cannot be read as layouts at all (not JSON, two names differing in case). */
  problems: ConfigProblem[];
}

/** Reads layouts/ once. A file that is not JSON is reported, not thrown, and read as empty. */
export function readLayoutFiles(dir: string): LayoutFiles {
  const names = readdirSync(dir).filter((file) => file.endsWith(".json")).sort().map((file) => file.slice(0, -".json".length));
  const problems: ConfigProblem[] = [];
  const byKey = new Map<string, string>();
  for (const name of names) {
    const key = layoutKey(name);
    const taken = byKey.get(key);
    if (taken !== undefined) problems.push({ file: layoutFileName(name), path: "", message: `another layout file (${layoutFileName(taken)}) has the same name in a different case` });
    else byKey.set(key, name);
  }
  const parsed = new Map<string, unknown>();
  for (const [key, name] of byKey) {
    const read = readJsonFile(join(dir, `${name}.json`), layoutFileName(name));
    if (read.ok) parsed.set(key, read.value);
    else {
      problems.push(read.problem);
      parsed.set(key, { slots: [] });
    }
  }
  return {
    names,
    source: (name) => Promise.resolve(parsed.get(layoutKey(name))),
    problems,
  };
}

function optionProblems(block: BlockName, options: unknown, file: string, path: string): ConfigProblem[] {
  const schema = blockDeclarations[block].options;
  const parsed = schema.safeParse(options ?? {}, reportInput);
  if (parsed.success) return [];
  return zodProblems(file, schema, parsed.error).map((problem) => ({
    ...problem,
    path: problem.path === "" ? path : `${path}${problem.path.startsWith("[") ? "" : "."}${problem.path}`,
  }));
}

/**
 * A layout resolved and fully checked: its files (and the files it extends) and the options of
 * every slot against its block's schema, each problem reported where it was written.
 */
export async function checkLayout(name: string, source: LayoutSource, known: readonly string[] = []): Promise<LayoutResolution> {
  const layout = await resolveLayout(name, source, known);
  const options = layout.slots.flatMap((slot) =>
    slot.kind === "block" ? optionProblems(slot.block, slot.options, slot.origin.file, `${slot.origin.path}.options`) : [],
  );
  return { ...layout, problems: [...layout.problems, ...options] };
}

/** A registry file against its schema; returns the parsed data too, for the checks that rely on it. */
function registryFile<S extends z.ZodMiniType>(root: string, file: string, schema: S, problems: ConfigProblem[]): z.output<S> | undefined {
  const name = `registry/${file}`;
  const read = readJsonFile(join(root, "registry", file), name);
  if (!read.ok) {
    problems.push(read.problem);
    return undefined;
  }
  const parsed = schema.safeParse(read.value, reportInput);
  if (parsed.success) return parsed.data;
  problems.push(...zodProblems(name, schema, parsed.error));
  return undefined;
}

/** Layout file names must be something the site can ask for: a route's page or layout, a catch-all page, or a base. */
function unusedLayouts(routes: RoutesFile, names: string[], extended: Set<string>): ConfigProblem[] {
  const known = new Map<string, string>([[layoutKey(defaultLayoutName), defaultLayoutName]]);
  const know = (name: string) => known.set(layoutKey(name), name);
  for (const route of routes.routes) {
    if (route.page) know(route.page);
    if (route.layout) know(route.layout);
  }
  for (const page of routes.knownPages) know(page);
  return names
    .filter((name) => !known.has(layoutKey(name)) && !extended.has(layoutKey(name)))
    .map((name) => {
      const guess = suggest(name, [...known.values()]);
      return {
        file: layoutFileName(name),
        path: "",
        message: `no route or page uses layout "${name}"${guess ? ` (did you mean "${guess}"?)` : ""}; page names come from registry/routes.json`,
      };
    });
}

function repeatedRoutes(routes: RoutesFile): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const paths = new Map<string, number>();
  routes.routes.forEach((route, index) => {
    const key = route.path.toLowerCase();
    const first = paths.get(key);
    if (first !== undefined) problems.push({ file: "registry/routes.json", path: formatPath(["routes", index, "path"]), message: `"${route.path}" repeats routes[${first}] (routes match ignoring case)` });
    else paths.set(key, index);
  });
  return problems;
}

function templateProblems(templates: TemplateRegistryFile): ConfigProblem[] {
  return Object.entries(templates.templates).flatMap(([name, { block, options }]) => {
    // An unknown block name was reported by the file's schema.
    if (!isBlockName(block)) return [];
    return [
      ...optionProblems(block, options, "registry/templates.json", formatPath(["templates", name, "options"])),
      ...(blockRegistry[block].consumes.length === 0
        ? [{ file: "registry/templates.json", path: formatPath(["templates", name, "block"]), message: `block "${block}" shows no items, so it cannot show a content template` }]
        : []),
    ];
  });
}

export interface SiteConfigCheck {
  problems: ConfigProblem[];
  /** Layout names as their files spell them. */
  layouts: string[];
}

/** Every problem of registry/ and layouts/ under `root`, sorted by file and path, each once. */
export async function checkSiteConfig(root = process.cwd()): Promise<SiteConfigCheck> {
  const problems: ConfigProblem[] = [];
  registryFile(root, "blocks.json", BlockRegistryFileSchema, problems);
  const templates = registryFile(root, "templates.json", templateRegistryFileSchema(blockNames), problems);
  const routes = registryFile(root, "routes.json", RoutesFileSchema, problems);
  registryFile(root, "resource-defaults.json", ResourceDefaultsFileSchema, problems);

  const files = readLayoutFiles(join(root, "layouts"));
  problems.push(...files.problems);
  const extended = new Set<string>();
  for (const name of files.names) {
    problems.push(...(await checkLayout(name, files.source, files.names)).problems);
    const raw = (await files.source(name)) as { extends?: unknown } | undefined;
    if (typeof raw?.extends === "string") extended.add(layoutKey(raw.extends));
  }
  if (routes) problems.push(...unusedLayouts(routes, files.names, extended), ...repeatedRoutes(routes));
  if (templates) problems.push(...templateProblems(templates));

  const unique = new Map(problems.map((problem) => [formatProblem(problem), problem]));
  const sorted = [...unique.values()].sort((a, b) => a.file.localeCompare(b.file) || a.path.localeCompare(b.path, "en", { numeric: true }));
  return { problems: sorted, layouts: files.names };
}
