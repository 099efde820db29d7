/**
 * Writes the Organization data (registry/organization.json, SPEC 1's structured company data)
 * into index.html as JSON-LD, so the page head and the footer's social links read one file.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { scriptSafeJson } from "../runtime/hydrationData.ts";

export const organizationPlaceholder = "<!--organization-json-ld-->";

export function organizationJsonLd(root: string): string {
  const data: unknown = JSON.parse(readFileSync(resolve(root, "registry/organization.json"), "utf8"));
  return `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;
}

export function organizationPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: "corvane:organization",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml(html) {
      return html.replace(organizationPlaceholder, () => organizationJsonLd(root));
    },
  };
}
