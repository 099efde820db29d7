/**
 * `npm run size:report`: what each script file of the browser's build holds, by package (a
 * dependency) and by folder of ours (src/chrome, src/blocks/media): issue 35's "measure each with
 * the bundle's own report". It reads the report rollup-plugin-visualizer writes during a build
 * with BUNDLE_REPORT=1 (vite.config.ts): each module's bytes in the minified file, found through
 * the source maps. Each group is shown with those bytes and its share of the file's gzip size in
 * proportion to them (gzip compresses a file as a whole, so a part has no gzip size of its own;
 * the shares add up to the file's). The treemap beside it, reports/bundle-report.html, is the
 * same data to explore in a browser.
 *
 * REPORT_MIN_KB: the smallest file listed (default 1); REPORT_TOP: parts listed per file (default 8).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as z from "zod/mini";

const reportFile = join("reports", "bundle-report.json");

interface Tree {
  name: string;
  uid?: string | undefined;
  children?: Tree[] | undefined;
}
const tree: z.ZodMiniType<Tree> = z.object({
  name: z.string(),
  uid: z.optional(z.string()),
  get children() {
    return z.optional(z.array(tree));
  },
});
const report = z.object({
  tree,
  nodeParts: z.record(z.string(), z.object({ metaUid: z.string(), renderedLength: z.number() })),
  nodeMetas: z.record(z.string(), z.object({ id: z.string() })),
});

/** A module's group: its package under node_modules, else its folder of this repository (two levels: src/chrome, src/blocks/media). */
export function groupOf(moduleId: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId);
  if (inPackage?.[1]) return inPackage[1];
  if (moduleId.startsWith("\0") || !moduleId.includes("/")) return "generated modules (registry, layouts, block index)";
  const inRepo = /(?:^|\/)(src|fixture-service|layouts|registry)\/(.*)$/.exec(moduleId);
  if (!inRepo?.[2]) return moduleId;
  const [first = "", second] = inRepo[2].split("/");
  return first === "blocks" && second !== undefined ? `${inRepo[1]}/blocks/${second}` : `${inRepo[1]}/${first}`;
}

/** Each bundle file's parts: module ids with their bytes in the minified file. */
function filesOf(data: z.output<typeof report>): Map<string, { id: string; bytes: number }[]> {
  const files = new Map<string, { id: string; bytes: number }[]>();
  const leaves = (node: Tree): string[] => (node.uid !== undefined ? [node.uid] : (node.children ?? []).flatMap(leaves));
  for (const file of data.tree.children ?? []) {
    const parts = leaves(file).flatMap((uid) => {
      const part = data.nodeParts[uid];
      const meta = part ? data.nodeMetas[part.metaUid] : undefined;
      return part && meta ? [{ id: meta.id, bytes: part.renderedLength }] : [];
    });
    files.set(file.name, parts);
  }
  return files;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function main() {
  let raw: string;
  try {
    raw = readFileSync(reportFile, "utf8");
  } catch {
    console.error(`No ${reportFile}: run "npm run size:report" (a build with BUNDLE_REPORT=1 writes it).`);
    process.exit(1);
  }
  const parsed = report.safeParse(JSON.parse(raw));
  if (!parsed.success) {
    console.error(`${reportFile} is not rollup-plugin-visualizer's raw data as this tool reads it: ${z.prettifyError(parsed.error)}`);
    process.exit(1);
  }
  const minBytes = Number(process.env.REPORT_MIN_KB ?? 1) * 1000;
  const top = Number(process.env.REPORT_TOP ?? 8);
  const rows = [...filesOf(parsed.data)]
    .filter(([file]) => file.endsWith(".js"))
    .map(([file, parts]) => {
      const code = readFileSync(join("dist", file));
      return { file, minified: code.length, gzip: gzipSync(code, { level: 9 }).length, parts };
    })
    .filter(({ gzip }) => gzip >= minBytes)
    .sort((a, b) => b.gzip - a.gzip);
  for (const { file, minified, gzip, parts } of rows) {
    const groups = new Map<string, number>();
    for (const { id, bytes } of parts) groups.set(groupOf(id), (groups.get(groupOf(id)) ?? 0) + bytes);
    const sorted = [...groups].sort((a, b) => b[1] - a[1]);
    const counted = sorted.reduce((sum, [, bytes]) => sum + bytes, 0);
    const line = (bytes: number, what: string) => `  ${kb(bytes).padStart(9)} minified ${kb((gzip * bytes) / Math.max(counted, 1)).padStart(9)} of the gzip  ${what}`;
    console.log(`\n${file}: ${kb(gzip)} gzip, ${kb(minified)} minified`);
    for (const [group, bytes] of sorted.slice(0, top)) console.log(line(bytes, group));
    const rest = sorted.slice(top);
    if (rest.length > 0) console.log(line(rest.reduce((sum, [, bytes]) => sum + bytes, 0), `${String(rest.length)} more`));
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ""}`) main();
