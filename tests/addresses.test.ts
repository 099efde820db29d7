// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { routeTable } from "../src/runtime/registry.ts";
import { findAddresses } from "./addresses.ts";
import { repoFiles } from "./repoFiles.ts";

/** Code of the site: src/**\/*.ts(x) without tests and without the table generated from registry/routes.json. */
const sourceFiles = (dir: string) => repoFiles(dir, (path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.endsWith(".generated.ts"));

describe("internal addresses", () => {
  it("come from the route table through pathTo, never written out in src", () => {
    const found = sourceFiles("src").flatMap((file) =>
      findAddresses(readFileSync(file, "utf8"), file, routeTable.routes).map((finding) => `${file}:${finding.line}: ${finding.text}`),
    );
    expect(found, "use pathTo(name, param?) from src/content/paths.ts").toEqual([]);
  });

  it("are found in strings, JSX attributes and templates, in any case, with a query or a trailing slash", () => {
    const sample = [
      'const home = "/Home";',
      "const link = <Link to='/contact-us/'>Contact</Link>;",
      "const list = `/THOUGHTPAPERS?page=2`;",
      "const detail = `/blogs/${slug}`;",
      "const joined = `/casestudies${anchor}`;",
      'const paper = "/thoughtpapers/future-of-work";',
      // Not addresses of a route: an API call, another site, a sentence, a media file.
      'const api = "/api/page/get";',
      'const other = "https://example.com/Home";',
      'const text = "Back to /blogs";',
      'const image = "/media/blogs.svg";',
    ].join("\n");
    expect(findAddresses(sample, "sample.tsx", routeTable.routes)).toEqual([
      { line: 1, text: '"/Home"' },
      { line: 2, text: "'/contact-us/'" },
      { line: 3, text: "`/THOUGHTPAPERS?page=2`" },
      { line: 4, text: "`/blogs/${slug}`" },
      { line: 5, text: "`/casestudies${anchor}`" },
      { line: 6, text: '"/thoughtpapers/future-of-work"' },
    ]);
  });
});
