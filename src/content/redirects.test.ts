import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readRedirects, redirectFor, redirectKey, type RedirectRules } from "./redirects.ts";

const rules: RedirectRules = { isSitePath: (address) => address.startsWith("/") && !address.startsWith("//") && !address.startsWith("/\\"), fixed: new Set(["/", "/home", "/about-us", "/blogs"]) };
const read = (answer: unknown) => readRedirects(answer, rules);

describe("the editors' redirect list", () => {
  it("is none when the answer is not a list", () => {
    for (const answer of [null, {}, "[]", { redirects: [] }, 404]) expect(read(answer).table.size).toBe(0);
  });

  it("matches `from` ignoring case and a trailing slash, and keeps the query on the way out", () => {
    const { table } = read([{ from: "/Insights/Old-Post", to: "/blogs/new-post", status: 301 }]);
    expect(redirectFor(table, "/insights/old-post/", "")).toEqual({ location: "/blogs/new-post", status: 301 });
    expect(redirectFor(table, "/INSIGHTS/OLD-POST", "?utm_source=mail&page=2")).toEqual({ location: "/blogs/new-post?utm_source=mail&page=2", status: 301 });
    expect(redirectFor(table, "/insights/old-post/more", "")).toBeUndefined();
  });

  it("keeps a target's own query and its other origin, adding the request's other parameters", () => {
    const { table } = read([
      { from: "/jobs", to: "https://careers.example.com/open?team=ops", status: 302 },
      { from: "/old-list", to: "/blogs/x?sort=ascending", status: 307 },
    ]);
    expect(redirectFor(table, "/jobs", "?team=design&utm_source=x")).toEqual({ location: "https://careers.example.com/open?team=ops&utm_source=x", status: 302 });
    expect(redirectFor(table, "/old-list", "?sort=descending")).toEqual({ location: "/blogs/x?sort=ascending", status: 307 });
  });

  it("cannot take a fixed address of the route table away; a pattern's or the catch-all's address it can", () => {
    const { table, refused } = read([
      { from: "/About-Us/", to: "/People", status: 301 },
      { from: "/", to: "/elsewhere", status: 302 },
      { from: "/blogs/old-post", to: "/blogs/new-post", status: 301 },
      { from: "/Feedback", to: "/contact-us", status: 302 },
    ]);
    expect([...table.keys()]).toEqual(["/blogs/old-post", "/feedback"]);
    expect(refused.map(({ why }) => why)).toEqual(["`from` is a fixed address of the route table", "`from` is a fixed address of the route table"]);
  });

  it("answers a chain in one hop, permanent only if every hop is", () => {
    const { table } = read([
      { from: "/a", to: "/b", status: 308 },
      { from: "/b", to: "/c", status: 301 },
      { from: "/c", to: "https://example.com/d", status: 308 },
      { from: "/x", to: "/y", status: 307 },
      { from: "/y", to: "/z", status: 308 },
      { from: "/t", to: "/a", status: 302 },
    ]);
    expect(table.get("/a")).toEqual({ from: "/a", to: "https://example.com/d", status: 301 });
    expect(table.get("/x")).toEqual({ from: "/x", to: "/z", status: 307 });
    expect(table.get("/t")?.status).toBe(302);
  });

  it("refuses loops, self-redirects, duplicates and entries that are not redirects, saying why", () => {
    const { table, refused } = read([
      { from: "/loop-a", to: "/loop-b", status: 301 },
      { from: "/loop-b", to: "/LOOP-A/", status: 301 },
      { from: "/into-loop", to: "/loop-a", status: 301 },
      { from: "/self", to: "/Self/?x=1", status: 301 },
      { from: "/dup", to: "/one", status: 301 },
      { from: "/DUP/", to: "/two", status: 301 },
      { from: "/bad-status", to: "/x", status: 303 },
      { from: "//evil.example/x", to: "/x", status: 301 },
      { from: "/evil", to: "javascript:alert(1)", status: 301 },
      { from: "/evil2", to: "//evil.example/", status: 301 },
      { from: "/q?x=1", to: "/x", status: 301 },
      "nonsense",
    ]);
    expect([...table.keys()]).toEqual(["/dup"]);
    expect(refused.map(({ why }) => why)).toEqual([
      "it redirects to itself",
      "a second redirect from the same address",
      "`status` must be 301, 302, 307 or 308",
      "`from` must be a path of the site, without query or hash",
      "`to` must be a path of the site or an http(s) address",
      "`to` must be a path of the site or an http(s) address",
      "`from` must be a path of the site, without query or hash",
      "not an object",
      "a loop: /loop-a → /loop-b → /LOOP-A/",
      "a loop: /loop-b → /loop-a → /loop-b",
      "a loop: /into-loop → /loop-a → /loop-b → /LOOP-A/",
    ]);
  });

  it("never answers a redirect whose target is redirected again, to itself, or away from a fixed address", () => {
    const path = fc.constantFrom("/a", "/b", "/c", "/d", "/A/", "/home", "/about-us", "/blogs/x");
    const entry = fc.record({ from: path, to: fc.oneof(path, fc.constant("https://example.com/")), status: fc.constantFrom(301, 302, 307, 308) });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (answer) => {
        const { table } = read(answer);
        for (const [key, redirect] of table) {
          expect(rules.fixed.has(key)).toBe(false);
          if (rules.isSitePath(redirect.to)) {
            expect(redirectKey(redirect.to)).not.toBe(key);
            expect(table.has(redirectKey(redirect.to))).toBe(false);
          }
        }
      }),
    );
  });
});
