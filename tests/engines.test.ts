// @vitest-environment node
/**
 * The Node version package.json declares is one every installed package accepts: an operator who
 * installs the declared minimum gets no package that asks for a newer Node (issue 33). Packages
 * that raised their own floor above ours are held back in package.json's `overrides` to a
 * version that still accepts it (cookie 1 under light-my-request, content-disposition 2 under
 * @fastify/static: the same functions, without the raised floor).
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

const declared = (JSON.parse(readFileSync("package.json", "utf8")) as Manifest).engines?.node ?? "";

/** Every package under node_modules (nested ones too), with the Node range it declares. */
function installed(dir = "node_modules"): { id: string; node: string }[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.name.startsWith("@")) return installed(path);
      const file = join(path, "package.json");
      const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : {};
      const own = manifest.engines?.node ? [{ id: `${manifest.name ?? entry.name}@${manifest.version ?? "?"}`, node: manifest.engines.node }] : [];
      return [...own, ...(existsSync(join(path, "node_modules")) ? installed(join(path, "node_modules")) : [])];
    });
}

describe("the declared Node version", () => {
  const minimum = semver.minVersion(declared);

  it("is a range with a minimum, and this machine's Node is within it", () => {
    expect(minimum).not.toBeNull();
    expect(semver.satisfies(process.version, declared)).toBe(true);
  });

  it("is accepted by every installed package", () => {
    const packages = installed();
    expect(packages.length).toBeGreaterThan(100);
    const refusing = packages.filter(({ node }) => minimum && semver.validRange(node) && !semver.satisfies(minimum, node, { includePrerelease: true }));
    expect(refusing.map(({ id, node }) => `${id} needs node ${node}`)).toEqual([]);
  });

  it("would catch a package that asks for more (the check itself can fail)", () => {
    expect(minimum && semver.satisfies(minimum, ">=22")).toBe(false);
  });
});
