import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * The files under a folder of the repository that `keep` accepts, as `/`-separated paths from
 * the repository's root ("src/app/App.tsx"), sorted; installed and built trees are skipped.
 */
export function repoFiles(dir: string, keep: (path: string) => boolean, root = process.cwd()): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !/(^|\/)(node_modules|dist)\//.test(path) && keep(path))
    .sort();
}
