/**
 * The repository's docs stay true to the tree: a clone must explain itself, so every relative
 * link in README.md and docs/*.md reaches a file of this repository (and a heading, when it
 * names one), and every "SPEC <section>" / "CONTENT-API <section>" the code, layouts, registry,
 * tests and README cite can be looked up under that number in docs/.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { repoFiles } from "./repoFiles.ts";

const root = resolve(import.meta.dirname, "..");
const markdownFiles = ["README.md", ...readdirSync(join(root, "docs")).filter((file) => file.endsWith(".md")).map((file) => `docs/${file}`)];

/** Markdown without fenced code blocks and inline code, where brackets are code, not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*_]/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s-]/gu, "").replace(/\s/g, "-");
}

function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, "").matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(heading ?? "");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  }
  return out;
}

interface Link {
  file: string;
  target: string;
}

function relativeLinks(file: string): Link[] {
  const text = prose(readFileSync(join(root, file), "utf8"));
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => ({ file, target }));
}

/** Why a link is broken, or null when it reaches a file of this repository (and its heading). */
function brokenReason({ file, target }: Link): string | null {
  const [path = "", anchor] = target.split("#", 2);
  const resolved = path === "" ? join(root, file) : resolve(root, dirname(file), decodeURIComponent(path));
  const inside = relative(root, resolved);
  if (inside.startsWith("..") || inside.startsWith(sep)) return "points outside the repository";
  if (!existsSync(resolved)) return "no such file";
  if (anchor !== undefined && anchor !== "" && resolved.endsWith(".md") && statSync(resolved).isFile()) {
    if (!anchors(readFileSync(resolved, "utf8")).has(anchor.toLowerCase())) return `no heading #${anchor}`;
  }
  return null;
}

/** Every text file under a folder. */
const filesUnder = (dir: string) => repoFiles(dir, (path) => /\.(tsx?|json|md|css)$/.test(path), root);

const citingFiles = [...filesUnder("src"), ...filesUnder("tests"), ...filesUnder("layouts"), ...filesUnder("registry"), "README.md"];
/** A section number: the specifications have top-level sections 1 to 9 (so "SPEC 9, 500 ms" cites 9 only). */
const section = String.raw`[1-9](?:\.\d{1,2})?(?!\d)`;

/**
 * Section numbers cited after a name, lists included: "SPEC 1, 2.3 item 8, 4" cites 1, 2.3 and 4;
 * "SPEC 2.1 / 8" cites 2.1 and 8.
 */
function citations(name: string): Map<string, string[]> {
  const list = new RegExp(String.raw`${name} (${section}(?: item \d+)?(?:\s*(?:,|/|and)\s*${section}(?: item \d+)?)*)`, "g");
  const cited = new Map<string, string[]>();
  for (const file of citingFiles) {
    for (const match of readFileSync(join(root, file), "utf8").matchAll(list)) {
      for (const [number] of (match[1] ?? "").replace(/ item \d+/g, "").matchAll(new RegExp(section, "g"))) {
        cited.set(number, [...(cited.get(number) ?? []), file]);
      }
    }
  }
  return cited;
}

function headedSections(doc: string, heading: RegExp): Set<string> {
  return new Set([...readFileSync(join(root, doc), "utf8").matchAll(heading)].map((match) => match[1] ?? ""));
}

describe("the docs", () => {
  it("link only to files of this repository that exist, and to headings they have", () => {
    const links = markdownFiles.flatMap(relativeLinks);
    expect(links.length).toBeGreaterThan(10);
    const broken = links.flatMap((link) => {
      const reason = brokenReason(link);
      return reason === null ? [] : [`${link.file}: ${link.target}: ${reason}`];
    });
    expect(broken).toEqual([]);
  });

  it("have a heading in docs/spec-rules.md for every SPEC section cited", () => {
    const cited = citations("SPEC");
    expect(cited.size).toBeGreaterThan(10);
    const headed = headedSections("docs/spec-rules.md", new RegExp(String.raw`^#{2,4} SPEC (${section})\b`, "gm"));
    const missing = [...cited].filter(([number]) => !headed.has(number)).map(([number, files]) => `SPEC ${number} (cited in ${[...new Set(files)].join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("have a section in docs/content-contract.md for every CONTENT-API section cited", () => {
    const cited = citations("CONTENT-API");
    expect(cited.size).toBeGreaterThan(4);
    const headed = headedSections("docs/content-contract.md", new RegExp(String.raw`^## (\d+)\. `, "gm"));
    const missing = [...cited].filter(([number]) => !headed.has(number)).map(([number, files]) => `CONTENT-API ${number} (cited in ${[...new Set(files)].join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("give docs/qa.md's count of fixture pages as npm run test:properties prints it", () => {
    const pages = readdirSync(join(root, "fixtures", "pages")).filter((file) => file.endsWith(".json")).length;
    expect(/`(\d+) fixture pages covered/.exec(readFileSync(join(root, "docs", "qa.md"), "utf8"))?.[1]).toBe(String(pages));
  });

  it("say how a newcomer finds a page's layout, a block, and adds a page and a block", () => {
    const headings = [...readFileSync(join(root, "README.md"), "utf8").matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(expect.arrayContaining(["How a page's layout is found", "Where a block lives", "Adding a page", "Adding a block"]));
  });

  it("stay short enough to read: docs/ at most 3,000 lines in all, docs/performance.md at most 250", () => {
    const lines = (file: string) => readFileSync(join(root, file), "utf8").split("\n").length - 1;
    const docs = markdownFiles.filter((file) => file.startsWith("docs/"));
    expect(docs.length).toBeGreaterThan(10);
    const total = docs.reduce((sum, file) => sum + lines(file), 0);
    expect(total, `docs/ holds ${total} lines; say today's facts once and move history to CHANGELOG.md`).toBeLessThanOrEqual(3000);
    expect(lines("docs/performance.md"), "docs/performance.md holds today's figures and how to reproduce them only").toBeLessThanOrEqual(250);
  });

  it("name only files and code symbols that exist: every repository path and camelCase name they cite in code spans", () => {
    const cited = markdownFiles.flatMap((file) => citedNames(file, readFileSync(join(root, file), "utf8")));
    expect(cited.filter(({ kind }) => kind === "path").length).toBeGreaterThan(100);
    expect(cited.filter(({ kind }) => kind === "symbol").length).toBeGreaterThan(50);
    const code = ["src", "tools", "tests", "fixture-service", "deploy"].flatMap((dir) => repoFiles(dir, (path) => /\.(tsx?|cjs|js|vcl|sh)$/.test(path), root)).concat(["vite.config.ts", "tsconfig.json", "eslint.config.js", "package.json"]).map((file) => readFileSync(join(root, file), "utf8")).join("\n");
    const missing = cited.filter(({ kind, name }) => (kind === "path" ? !existsSync(join(root, name)) && !examplePaths.has(name) : !new RegExp(String.raw`\b${name}\b`).test(code) && !libraryNames.has(name)));
    expect(missing.map(({ file, kind, name }) => `${file}: ${kind} ${name}`)).toEqual([]);
  });
});

/** Paths docs name that are not meant to exist: a file a newcomer creates, or one an example error message names. */
const examplePaths = new Set(["fixtures/pages/Sustainability.json", "layouts/Sustainability.json", "layouts/people.json", "layouts/defualt.json"]);
/** Names of the libraries' own APIs that docs cite (React, cookie, lru-cache), which the site's code does not spell. */
const libraryNames = new Set(["flushSync", "stringifySetCookie", "scanStream", "allowStaleOnFetchRejection", "noDeleteOnFetchRejection"]);

/** The repository paths (`src/…`, `tools/…`, …, without a line number or anchor) and camelCase names cited in a Markdown file's code spans. */
function citedNames(file: string, markdown: string): { file: string; kind: "path" | "symbol"; name: string }[] {
  const found: { file: string; kind: "path" | "symbol"; name: string }[] = [];
  for (const [, span = ""] of markdown.matchAll(/`([^`\n]+)`/g)) {
    for (const word of span.trim().split(/[\s,()]+/)) {
      const path = word.replace(/[:#].*$/, "").replace(/[.,;]+$/, "");
      if (/^(src|tools|tests|fixture-service|layouts|registry|deploy|fixtures|docs|\.ci)\/[^*<>{}]+$/.test(path)) found.push({ file, kind: "path", name: path });
    }
    const symbol = /^([a-z][a-zA-Z0-9]*[A-Z][a-zA-Z0-9]*)(\(\))?$/.exec(span.trim());
    if (symbol?.[1]) found.push({ file, kind: "symbol", name: symbol[1] });
  }
  return found;
}
