/**
 * The layouts, each its own small chunk fetched when a page needs it, already resolved and
 * validated by the build (src/cli/layoutsPlugin.ts). Names match ignoring case, as routes do.
 */
import { layoutModules } from "virtual:corvane-layouts";
import type { ResolvedLayout } from "../runtime/layout.ts";

export async function layoutSource(name: string): Promise<ResolvedLayout | undefined> {
  const load = Object.hasOwn(layoutModules, name.toLowerCase()) ? layoutModules[name.toLowerCase()] : undefined;
  return load ? (await load()).default : undefined;
}
