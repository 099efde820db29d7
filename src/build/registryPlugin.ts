/**
 * In the browser build, registry files carry only what the runtime reads: descriptions,
 * "$schema" and "$comment" are for layout authors and their editors, not for visitors' downloads.
 * The browser reads only the Organization's name and profiles (the footer's social links,
 * src/chrome/socialProfiles.ts); the rest of it is the server's structured data.
 */
import type { Plugin } from "vite";

const editorOnlyKeys = new Set(["description", "$schema", "$comment"]);
/** What the browser reads of registry/organization.json. */
const organizationForBrowser = new Set(["@type", "name", "sameAs"]);

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !editorOnlyKeys.has(key)).map(([key, inner]) => [key, strip(inner)]));
}

export function registryForBrowserPlugin(): Plugin {
  return {
    name: "corvane:registry-for-browser",
    apply: "build",
    enforce: "pre",
    transform(code, id, options) {
      if (!/[\\/]registry[\\/][^\\/]+\.json$/.test(id) || id.endsWith(".schema.json")) return null;
      const stripped = strip(JSON.parse(code));
      const forBrowser = options?.ssr !== true && /[\\/]organization\.json$/.test(id) && stripped !== null && typeof stripped === "object";
      return { code: JSON.stringify(forBrowser ? Object.fromEntries(Object.entries(stripped).filter(([key]) => organizationForBrowser.has(key))) : stripped), map: null };
    },
  };
}

/** A schema description's text: `describe("…")` (the modules' own helper) or `z.meta({ description: "…" })`. */
const describedText = /\bdescribe\(\s*"(?:[^"\\\n]|\\.)*"\s*\)/g;
const metaDescription = /\bz\.meta\(\{\s*description:\s*"(?:[^"\\\n]|\\.)*"\s*,?\s*\}\)/g;

/**
 * The descriptions in the site's zod schemas (block options, layouts' text sources) are for layout
 * authors: the generated JSON Schemas give them to their editors, and the server's checks word
 * their problems with the paths. Nothing in the browser reads them, so its build drops their text
 * (about 4 kB of the app's chunk before compression). Applies to the browser build only.
 */
export function schemaDescriptionsOutOfBrowserPlugin(): Plugin {
  return {
    name: "corvane:schema-descriptions-out-of-browser",
    apply: "build",
    enforce: "pre",
    transform(code, id, options) {
      if (options?.ssr === true || id.includes("/node_modules/") || !/\/src\/.*\.tsx?$/.test(id) || !/describe\(|description:/.test(code)) return null;
      const stripped = code.replace(describedText, 'describe("")').replace(metaDescription, "z.meta({})");
      return stripped === code ? null : { code: stripped, map: null };
    },
  };
}
