/**
 * src/boot.ts as the build made it, written into each server-rendered page instead of requested
 * by it: on a phone's network a request is a round trip (562 ms on the throttled bench), and the
 * page's code could only be asked for once that file had come. The Content-Security-Policy lets
 * exactly this text run, by its hash (the server's headers and the static hosts' `_headers`).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { BuildManifest } from "../ssr/document.ts";

export interface BootScript {
  /** The script's text, as written between `<script type="module">` and `</script>`. */
  source: string;
  /** Its CSP source expression's value, `sha256-…`. */
  hash: string;
}

/** The source module of src/boot.ts in the build manifest (also src/ssr/document.ts's). */
const bootModule = "src/boot.ts";

/** Text an HTML parser would end or re-enter a script element on. Our own small script never has it; if a build ever did, the page asks for the file instead. */
const unsafeInScript = /<\/script|<!--|<script/i;
/**
 * A static import (`import{a}from"./x.js"`, `import"./x.js"`, `export…from`): written into a page,
 * its path would be resolved against the page's address, not /assets/. src/build/bootScriptPlugin.ts
 * keeps the build from making one; if one ever did, the page asks for the file instead.
 */
const staticImport = /(?:^|[;}\s])(?:import\s*[{*"'`]|import\s+[\w$]|export\s*[{*][^;]*?from\s*["'`])/;

export const scriptHash = (source: string) => `sha256-${createHash("sha256").update(source).digest("base64")}`;

/** The built boot script of the client build in `distDir`, or null (a build without it, or text unsafe to write into HTML). */
export function readBootScript(distDir: string, manifest: unknown): BootScript | null {
  const file = (manifest as BuildManifest | null)?.[bootModule]?.file;
  if (typeof file !== "string") return null;
  const path = resolve(distDir, file);
  if (!path.startsWith(`${resolve(distDir, "assets")}/`) || !existsSync(path)) return null;
  const source = readFileSync(path, "utf8").trim();
  if (source === "" || unsafeInScript.test(source) || staticImport.test(source)) return null;
  return { source, hash: scriptHash(source) };
}
