// @vitest-environment node
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, it } from "vitest";
import { registryForBrowserPlugin, schemaDescriptionsOutOfBrowserPlugin } from "./registryPlugin.ts";

type Transformed = { code: string } | null;
/** A plugin's transform hook called as Vite calls it, for the browser's build or the server's (`ssr`). */
const transformWith = (plugin: { transform?: unknown }) => (code: string, id: string, ssr: boolean) =>
  (plugin.transform as (code: string, id: string, options: { ssr: boolean }) => Transformed)(code, id, { ssr });

it("drops the text of the schemas' descriptions from the browser's build, and keeps it for the server's", () => {
  const transform = transformWith(schemaDescriptionsOutOfBrowserPlugin());
  const id = resolve("src/blocks/office-map/options.ts");
  const source = readFileSync(id, "utf8");
  expect(source).toContain("Latitude of the office");
  const browser = transform(source, id, false)?.code ?? "";
  expect(browser).not.toContain("Latitude of the office");
  expect(browser).toContain('describe("")');
  expect(transform(source, id, true)).toBeNull();
  // z.meta's own form, with a quote escaped inside the text.
  expect(transform('x.check(z.meta({ description: "The \\"Back\\" route." }))', id, false)?.code).toBe("x.check(z.meta({}))");
  // Packages are left alone.
  expect(transform('describe("a")', resolve("node_modules/some/src/a.ts"), false)).toBeNull();
});

it("gives the browser only the Organization's name and profiles; the server keeps all of it", () => {
  const transform = transformWith(registryForBrowserPlugin());
  const id = resolve("registry/organization.json");
  const source = readFileSync(id, "utf8");
  const browser = JSON.parse(transform(source, id, false)?.code ?? "null") as Record<string, unknown>;
  expect(Object.keys(browser).sort()).toEqual(["@type", "name", "sameAs"]);
  const server = JSON.parse(transform(source, id, true)?.code ?? "null") as Record<string, unknown>;
  expect(server).toHaveProperty("address");
});
