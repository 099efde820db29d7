// @vitest-environment node
/**
 * The request path from the code (tools/request-path.ts): the built server answers /Home, cached
 * and uncached, and the project files whose functions ran are what docs/architecture.md lists,
 * within its budgets. A file added to (or gone from) the path fails here until the page says so.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { requestPathBudgets, requestPathInMarkdown, requestPathMarkdown, type RequestPath } from "../tools/request-path.ts";

const listed = requestPathInMarkdown(readFileSync("docs/architecture.md", "utf8"));

describe("the request path, measured from the code (npm run request-path)", () => {
  // One run of the built server under the inspector: about 20 s, more on a loaded machine.
  const measured = (() => {
    let path: RequestPath | undefined;
    return () => {
      if (path) return path;
      const run = spawnSync("npm", ["run", "--silent", "request-path", "--", "--json"], { encoding: "utf8", timeout: 150_000 });
      if (run.status !== 0) throw new Error(`npm run request-path failed (${String(run.status)}):\n${run.stdout}\n${run.stderr}`);
      path = JSON.parse(run.stdout) as RequestPath;
      return path;
    };
  })();

  for (const kind of ["cached", "uncached"] as const) {
    it(`${kind}: the files docs/architecture.md lists are the files that run, within ${requestPathBudgets[kind]}`, { timeout: 180_000 }, () => {
      const path = measured();
      const files = path[kind];
      const doc = listed[kind] ?? [];
      const message = `docs/architecture.md and the code part: run "npm run request-path" and paste its lists.\n${requestPathMarkdown(path)}`;
      expect({ missingFromDoc: files.filter((file) => !doc.includes(file)), goneFromCode: doc.filter((file) => !files.includes(file)) }, message).toEqual({ missingFromDoc: [], goneFromCode: [] });
      expect(files.length, message).toBeLessThanOrEqual(requestPathBudgets[kind]);
    });
  }

  it("reads the page's lists back as written (the check itself can fail)", () => {
    const markdown = requestPathMarkdown({ cached: ["a.ts", "b.ts"], uncached: ["a.ts", "b.ts", "c.ts", "d.ts", "e.ts"] });
    expect(requestPathInMarkdown(markdown)).toEqual({ cached: ["a.ts", "b.ts"], uncached: ["a.ts", "b.ts", "c.ts", "d.ts", "e.ts"] });
    expect(requestPathInMarkdown(markdown.replace("c.ts", "x.ts")).uncached).not.toContain("c.ts");
  });
});
