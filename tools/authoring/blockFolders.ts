/**
 * The block folders, read the way `npm run generate` reads them: every `src/blocks/<name>/block.ts`
 * declaration, imported afresh, so a folder added a moment ago counts before anything has been
 * generated from it. The checks here are the ones TypeScript cannot make across files.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { BlockDeclaration } from "../../src/runtime/declareBlock.ts";
import * as z from "zod/mini";
import { reportInput, zodProblems, type ConfigProblem } from "../../src/runtime/problems.ts";
import { ContentTypeNameSchema, slotIdPattern } from "../../src/runtime/schemas.ts";

export const blocksDir = (root: string) => resolve(root, "src/blocks");

export interface BlockFolders {
  declarations: BlockDeclaration[];
  problems: ConfigProblem[];
}

const isDeclaration = (value: unknown): value is BlockDeclaration =>
  typeof value === "object" && value !== null && "name" in value && "options" in value && "component" in value;

const isOptionsSchema = (value: unknown) => typeof value === "object" && value !== null && "_zod" in value && "safeParse" in value;

/**
 * Every field of a declaration, checked where it is written: TypeScript checks block.ts only
 * when something type-checks it, and `npm run generate` imports it as it is, so a misspelt
 * content type in `consumes` would otherwise reach registry/blocks.json and be blamed there.
 */
const DeclarationSchema = z.strictObject({
  name: z.string(),
  description: z.string().check(z.trim(), z.minLength(1, "say what the block shows, for layout authors (npm run inspect, editor hints)")),
  consumes: z.array(ContentTypeNameSchema),
  critical: z.boolean(),
  interactive: z.boolean(),
  loadsWhenReached: z.optional(z.boolean()),
  options: z.custom(isOptionsSchema, "the block's options schema (a zod/mini object from ./options.ts)"),
  component: z.string().check(z.regex(/\.tsx$/, "the component's module beside block.ts, e.g. \"Faq.tsx\"")),
});

export async function readBlockFolders(root = process.cwd()): Promise<BlockFolders> {
  const dir = blocksDir(root);
  const folders = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  const declarations: BlockDeclaration[] = [];
  const problems: ConfigProblem[] = [];
  for (const folder of folders) {
    const file = `src/blocks/${folder}/block.ts`;
    const report = (path: string, message: string) => problems.push({ file, path, message });
    if (!existsSync(join(dir, folder, "block.ts"))) {
      report("", "every block folder declares its block here (see README, Adding a block)");
      continue;
    }
    const module = (await import(pathToFileURL(join(dir, folder, "block.ts")).href)) as Record<string, unknown>;
    const declaration = module.declaration;
    if (!isDeclaration(declaration)) {
      report("", 'export the block as `export const declaration = declareBlock({ ... })`');
      continue;
    }
    const fields = DeclarationSchema.safeParse(declaration, reportInput);
    if (!fields.success) {
      problems.push(...zodProblems(file, DeclarationSchema, fields.error));
      continue;
    }
    if (declaration.name !== folder) report("name", `the block's name is its folder's: "${folder}", not "${declaration.name}"`);
    else if (!slotIdPattern.test(folder)) report("name", "a block name is lower-case words joined by '-'");
    if (!existsSync(join(dir, folder, declaration.component))) report("component", `no file src/blocks/${folder}/${declaration.component}`);
    // Waiting for the visitor means keeping the server's HTML until then: a block hydrated with the page, or never, cannot.
    if (declaration.loadsWhenReached && (declaration.critical || !declaration.interactive)) report("loadsWhenReached", "only an interactive block below the fold (critical: false) can wait for the visitor to reach it");
    declarations.push(declaration);
  }
  return { declarations, problems };
}
