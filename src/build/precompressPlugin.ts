import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import { readBootScript } from "../server/bootScript.ts";
import { precompressDir } from "../server/http/precompress.ts";
import { headersFile } from "../server/http/staticHostHeaders.ts";

/**
 * After the client build: `_headers` for static hosts, with reCAPTCHA's origins when the build
 * has a site key and the hash of src/boot.ts written into every page (public/_headers is the
 * copy without either), then the .br/.gz copies.
 */
export function precompressPlugin(): Plugin {
  let outDir = "dist";
  let recaptcha = false;
  let contentApiBase: string | undefined;
  let serverBuild = false;
  return {
    name: "corvane:precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      // A server-rendering bundle is not served to browsers.
      serverBuild = Boolean(config.build.ssr);
      recaptcha = Boolean(String(config.env.VITE_RECAPTCHA_SITE_KEY ?? "").trim());
      contentApiBase = typeof config.env.VITE_CONTENT_API_BASE === "string" ? config.env.VITE_CONTENT_API_BASE : undefined;
    },
    async closeBundle() {
      if (serverBuild) return;
      const boot = readBootScript(outDir, JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")));
      await writeFile(join(outDir, "_headers"), await headersFile({ recaptcha, https: true, contentApiBase, mediaOrigins: process.env.MEDIA_ORIGINS, scriptHashes: boot ? [boot.hash] : [] }));
      await precompressDir(outDir);
    },
  };
}
