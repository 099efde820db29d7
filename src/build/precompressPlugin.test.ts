// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ResolvedConfig } from "vite";
import { expect, it } from "vitest";
import { scriptHash } from "../server/bootScript.ts";
import { precompressPlugin } from "./precompressPlugin.ts";

it("writes the static hosts' _headers with a CSP that lets the page's written-in boot script run, and nothing else inline", async () => {
  const outDir = mkdtempSync(join(tmpdir(), "corvane-build-"));
  mkdirSync(join(outDir, "assets"));
  mkdirSync(join(outDir, ".vite"));
  writeFileSync(join(outDir, ".vite/manifest.json"), JSON.stringify({ "src/boot.ts": { file: "assets/boot-1.js", isEntry: true } }));
  writeFileSync(join(outDir, "assets/boot-1.js"), 'import("/assets/index-1.js");\n');
  const plugin = precompressPlugin();
  const config = { root: "/", build: { outDir, ssr: false }, env: {} } as unknown as ResolvedConfig;
  (plugin.configResolved as (config: ResolvedConfig) => void)(config);
  await (plugin.closeBundle as () => Promise<void>)();
  const scriptSrc = /content-security-policy: [^\n]*script-src ([^;]*)/.exec(readFileSync(join(outDir, "_headers"), "utf8"))?.[1];
  expect(scriptSrc).toBe(`'self' '${scriptHash('import("/assets/index-1.js");')}'`);
});
