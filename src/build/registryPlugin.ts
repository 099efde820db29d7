/**
 * In the browser build, registry files carry only what the runtime reads: descriptions and
 * "$schema" are for layout authors and their editors, not for visitors' downloads.
 */
import type { Plugin } from "vite";

const editorOnlyKeys = new Set(["description", "$schema"]);

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
    transform(code, id) {
      if (!/[\\/]registry[\\/][^\\/]+\.json$/.test(id) || id.endsWith(".schema.json")) return null;
      return { code: JSON.stringify(strip(JSON.parse(code))), map: null };
    },
  };
}
