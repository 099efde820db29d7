/**
 * The layout files, bundled as separate chunks and fetched when a page needs them. Names
 * match ignoring case, as routes do.
 */
import type { LayoutSource } from "../runtime/layout.ts";

const files = import.meta.glob<unknown>("../../layouts/*.json", { import: "default" });

const byName = new Map(
  Object.entries(files).map(([path, load]) => [path.slice(path.lastIndexOf("/") + 1, -".json".length).toLowerCase(), load]),
);

export const layoutSource: LayoutSource = async (name) => byName.get(name.toLowerCase())?.();
