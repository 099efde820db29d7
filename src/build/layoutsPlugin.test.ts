// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { layoutsPlugin } from "./layoutsPlugin.ts";

/** The plugin's hooks called as Vite calls them, in a copy of the project's layouts. */
function pluginIn(change?: (root: string) => void) {
  const root = mkdtempSync(join(tmpdir(), "corvane-layouts-plugin-"));
  cpSync("layouts", join(root, "layouts"), { recursive: true });
  change?.(root);
  const plugin = layoutsPlugin();
  const context = {
    addWatchFile: () => undefined,
    error: (message: string): never => {
      throw new Error(message);
    },
  };
  // The plugin's hooks are plain functions; Vite's types also allow { handler } objects.
  const call = (hook: unknown, ...args: unknown[]) => (hook as (this: typeof context, ...rest: unknown[]) => unknown).call(context, ...args);
  call(plugin.configResolved, { root, command: "serve" });
  return (id: string) => call(plugin.load, id) as Promise<string | null>;
}

describe("the layouts plugin (dev server and build)", () => {
  it("serves a page's layout resolved, as data the browser can use without a validator", async () => {
    const load = pluginIn();
    const module = await load("\0virtual:corvane-layout/Contact-Us");
    const layout = JSON.parse((module ?? "").replace(/^export default /, "").replace(/;\n$/, "")) as { name: string; slots: { id: string }[]; problems?: unknown };
    expect(layout.name).toBe("Contact-Us");
    expect(layout.slots.map((slot) => slot.id)).toEqual(expect.arrayContaining(["hero", "contact-form", "office-map"]));
    expect(layout).not.toHaveProperty("problems");
    const index = await load("\0virtual:corvane-layouts");
    expect(index).toContain('"contact-us": () => import("virtual:corvane-layout/Contact-Us")');
  });

  it("refuses a layout whose block options are wrong, naming file, JSON path and message, in dev as in the build", async () => {
    const load = pluginIn((root) => {
      const file = join(root, "layouts", "Contact-Us.json");
      const layout = JSON.parse(readFileSync(file, "utf8")) as { slots: Record<string, unknown>[] };
      layout.slots.push({ id: "faqs", options: { openFirst: "yes" } });
      writeFileSync(file, JSON.stringify(layout));
    });
    await expect(load("\0virtual:corvane-layout/Contact-Us")).rejects.toThrow(
      /layouts\/Contact-Us\.json: slots\[\d+\]\.options\.openFirst: Invalid input: expected boolean, received string/,
    );
  });
});
