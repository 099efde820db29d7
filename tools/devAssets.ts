/**
 * What `npm run dev` hands the page renderer instead of the build's manifest and style files
 * (src/ssr/document.ts reads them to write each page's styles into its HTML): the same module
 * graph, read from Vite's transforms of the sources. So a page in dev arrives with exactly the
 * styles production writes into it — the entry's, the app's (the chrome's), and every block's on
 * the page, those that do nothing in the browser included, whose code never loads there — and
 * shows them without script. Each style element carries Vite's own id (`data-vite-dev-id`), so
 * when a block's code imports its CSS in the browser, Vite's client takes that element over (hot
 * reload edits it in place) instead of adding a second copy after the others.
 */
import { resolve } from "node:path";
import type { ViteDevServer } from "vite";
import type { BuildManifest, ManifestChunk } from "../src/ssr/document.ts";

const isCss = (url: string) => /\.css($|\?)/.test(url);
/**
 * A module of the site's own (`/src/...`). Packages' modules are not followed (their styles are
 * listed where the site imports them), nor virtual ones (the block code index and the layouts:
 * every block's module is a root already, and layouts are data).
 */
const isSiteModule = (url: string) => url.startsWith("/src/");
/** The manifest's key and file of a dev URL: the URL without its leading slash, as the build's are paths without one. */
const keyOf = (url: string) => url.slice(1);

export interface DevAssets {
  /** The build manifest's shape over the sources: `src/main.tsx` the entry; each module its own chunk. */
  manifest: BuildManifest;
  /** The compiled CSS of each style file the manifest names. */
  styles: ReadonlyMap<string, string>;
  /** The entry's style files (src/main.tsx's), which a built index.html links. */
  entryStyles: string[];
}

/**
 * The graph of `entry`, `start` and `blocks` (URLs of source modules), each module's static and
 * dynamic imports as Vite's server transform lists them, and the text of every style file in it.
 */
export async function devAssets(vite: ViteDevServer, { entry, roots }: { entry: string; roots: readonly string[] }): Promise<DevAssets> {
  const manifest: BuildManifest = {};
  const pending = [entry, ...roots];
  const seen = new Set(pending);
  const follow = (url: string) => {
    if (!seen.has(url)) {
      seen.add(url);
      pending.push(url);
    }
  };
  while (pending.length > 0) {
    const batch = pending.splice(0);
    await Promise.all(
      batch.map(async (url) => {
        const transformed = await vite.environments.ssr.transformRequest(url);
        const deps = transformed?.deps ?? [];
        const dynamicDeps = (transformed?.dynamicDeps ?? []).filter(isSiteModule);
        const chunk: ManifestChunk = {
          file: keyOf(url),
          css: deps.filter(isCss).map(keyOf),
          imports: deps.filter((dep) => isSiteModule(dep) && !isCss(dep)).map(keyOf),
          dynamicImports: dynamicDeps.map(keyOf),
          ...(url === entry ? { isEntry: true } : {}),
        };
        manifest[keyOf(url)] = chunk;
        for (const dep of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) follow(`/${dep}`);
      }),
    );
  }
  const styleFiles = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))];
  const styles = new Map<string, string>();
  await Promise.all(
    styleFiles.map(async (file) => {
      const code = (await vite.environments.client.transformRequest(`/${file}?direct`))?.code;
      if (code !== undefined) styles.set(file, code);
    }),
  );
  return { manifest, styles, entryStyles: manifest[keyOf(entry)]?.css ?? [] };
}

/**
 * The page's written-in styles as Vite's client finds its own (`<style data-vite-dev-id>`, the
 * file's path), without the disabled links the build's loader needs (src/ssr/document.ts styleTag).
 */
export function adoptableStyles(html: string, root: string): string {
  return html
    .replace(/<style data-href="\/([^"]+\.css)">/g, (_, file: string) => `<style data-vite-dev-id="${resolve(root, file)}">`)
    .replace(/<link rel="stylesheet" href="\/[^"]+\.css" disabled \/>/g, "");
}
