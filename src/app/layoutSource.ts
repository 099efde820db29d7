/**
 * The layouts, each its own small chunk fetched when a page needs it, already resolved and
 * checked by the build (src/build/layoutsPlugin.ts).
 */
import { layoutModules } from "virtual:corvane-layouts";
import type { ResolvedLayout } from "../runtime/layout.ts";
import { layoutCandidates, layoutKey } from "../runtime/layoutNames.ts";

export async function layoutSource(name: string): Promise<ResolvedLayout> {
  const key = layoutCandidates(name).map(layoutKey).find((candidate) => Object.hasOwn(layoutModules, candidate));
  const load = key === undefined ? undefined : layoutModules[key];
  // The build refuses a site without layouts/default.json; this is a broken build, not a page.
  if (!load) throw new Error(`no layout for "${name}" and no default layout`);
  return (await load()).default;
}
