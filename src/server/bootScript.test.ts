// @vitest-environment node
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readBootScript } from "./bootScript.ts";

/** A build directory holding `assets/boot.js` with `source`. */
function buildWith(source: string): string {
  const dir = mkdtempSync(join(tmpdir(), "boot-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets/boot.js"), `${source}\n`);
  return dir;
}
const manifest = { "src/boot.ts": { file: "assets/boot.js", isEntry: true } };

describe("the boot script written into pages", () => {
  it("is the built file's text, with the hash a Content-Security-Policy names it by", () => {
    const source = 'import("/assets/index.js");';
    const boot = readBootScript(buildWith(source), manifest);
    expect(boot?.source).toBe(source);
    expect(boot?.hash).toBe(`sha256-${createHash("sha256").update(source).digest("base64")}`);
  });

  it("is not written when its text would end or restart the script element (the page asks for the file instead)", () => {
    for (const source of ['console.log("</script>")', 'console.log("<!--")', 'x = "<SCRIPT"']) expect(readBootScript(buildWith(source), manifest)).toBeNull();
  });

  it("is not written when it imports a file (its path would be read against the page's address), but may ask for one with import()", () => {
    for (const source of ['import{a as e}from"./app-1.js";e();', 'import"./app-1.js";', 'x();import * as y from"./y.js"', 'import e from"./e.js"', 'export{a}from"./a.js";']) expect(readBootScript(buildWith(source), manifest)).toBeNull();
    expect(readBootScript(buildWith('const important=1;import("/assets/index.js").catch(()=>important)'), manifest)?.source).toContain("import(");
  });

  it("is none for a build without one, or a manifest pointing outside the build's assets", () => {
    const dir = buildWith("1");
    expect(readBootScript(dir, {})).toBeNull();
    expect(readBootScript(dir, { "src/boot.ts": { file: "../etc/passwd" } })).toBeNull();
    expect(readBootScript(dir, { "src/boot.ts": { file: "assets/missing.js" } })).toBeNull();
  });
});
