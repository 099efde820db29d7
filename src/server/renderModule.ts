/**
 * How the production server and `npm run export` load the server-rendering bundle
 * (dist/server/entry-server.js, built from src/ssr/entry-server.tsx) and open it on the build's
 * files; what it offers is src/ssr/site.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { BuiltFiles, ReadContentHtml, RenderBundle, Site } from "../ssr/site.ts";
import { readBootScript, type BootScript } from "./bootScript.ts";

export interface SiteBuild {
  site: Site;
  /** src/boot.ts written into every page, and its CSP hash (./bootScript.ts); absent in `npm run dev`, which has no boot script. */
  boot?: BootScript | null | undefined;
}

/** Every file under `dir` whose name ends with `ending`, by its path below `root`. */
function builtFiles<T>(root: string, dir: string, ending: string, read: (path: string) => T): Map<string, T> {
  const found = new Map<string, T>();
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir)) if (name.endsWith(ending)) found.set(relative(root, join(dir, name)), read(join(dir, name)));
  return found;
}

/** The built client and its server renderer in `distDir`, opened on the build's files, or a clear error naming the missing step. */
export async function loadSiteBuild(distDir: string, contentHtml?: ReadContentHtml): Promise<SiteBuild> {
  const entry = resolve(distDir, "server/entry-server.js");
  const manifestFile = join(distDir, ".vite/manifest.json");
  const templateFile = join(distDir, "index.html");
  for (const file of [entry, manifestFile, templateFile]) {
    if (!existsSync(file)) throw new Error(`No complete build in ${distDir}/ (${file} is missing): run "npm run build" first.`);
  }
  const bundle = (await import(pathToFileURL(entry).href)) as RenderBundle;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as unknown;
  const boot = readBootScript(distDir, manifest);
  // The built CSS (written into pages) and the scripts' sizes, read once: a build's files never change under it.
  const assets = resolve(distDir, "assets");
  const files: BuiltFiles = {
    template: readFileSync(templateFile, "utf8"),
    manifest,
    styles: builtFiles(resolve(distDir), assets, ".css", (path) => readFileSync(path, "utf8")),
    scriptSizes: builtFiles(resolve(distDir), assets, ".js", (path) => statSync(path).size),
    bootScript: boot?.source,
    contentHtml,
  };
  return { site: bundle.openSite(files), boot };
}
