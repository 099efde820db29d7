import { describe, expect, expectTypeOf, it } from "vitest";
import { detailPath, fixedRouteNames, matchPath, pathTo, type FixedRouteName, type RouteName, type RouteParams } from "./paths.ts";

describe("pathTo", () => {
  it("gives a fixed route's path as the route table spells it", () => {
    expect(pathTo("home")).toBe("/Home");
    expect(pathTo("thoughtPapers")).toBe("/thoughtpapers");
    expect(pathTo("thoughtPaperThankYou")).toBe("/ThoughtPapers-Thankyou");
  });

  it("fills a detail route's parameter, kept to one path segment", () => {
    expect(pathTo("blog", "future-of-work")).toBe("/blogs/future-of-work");
    expect(pathTo("thoughtPaper", "future-of-work")).toBe("/thoughtPapers/future-of-work");
    expect(pathTo("caseStudy", "a/b?c")).toBe("/casestudies/a%2Fb%3Fc");
  });

  it("checks names and parameters when type checking", () => {
    expectTypeOf<RouteParams<"home">>().toEqualTypeOf<[]>();
    expectTypeOf<RouteParams<"blog">>().toEqualTypeOf<[string]>();
    expectTypeOf<"no-such-route">().not.toExtend<RouteName>();
    expectTypeOf(pathTo<"blog">).parameters.toEqualTypeOf<["blog", string]>();
    expectTypeOf(pathTo<"contact">).parameters.toEqualTypeOf<["contact"]>();
    expectTypeOf<"blog">().not.toExtend<FixedRouteName>();
  });

  it("lists the routes a layout may link to by name: those without parameters", () => {
    expect(fixedRouteNames).toEqual(expect.arrayContaining(["home", "blogs", "caseStudies", "thoughtPapers"]));
    expect(fixedRouteNames).not.toContain("blog");
    expect(fixedRouteNames.map((name) => pathTo(name)).every((path) => !path.includes(":"))).toBe(true);
  });
});

describe("detailPath", () => {
  it("joins a detail route and a content anchor link", () => {
    expect(detailPath("blog", "/future-of-work")).toBe("/blogs/future-of-work");
    expect(detailPath("caseStudy", "claims-in-six-weeks")).toBe("/casestudies/claims-in-six-weeks");
    // Found by the contract-generated pages (seed 1120941339): a replacement pattern or a "%" in the anchor stays its text, encoded.
    expect(detailPath("blog", "$`")).toBe("/blogs/%24%60");
    expect(detailPath("blog", "a$&b")).toBe("/blogs/a%24%26b");
    expect(detailPath("thoughtPaper", "%`")).toBe("/thoughtPapers/%25%60");
  });

  it("refuses anchors that are not one plain segment, and routes without a parameter", () => {
    for (const bad of ["", null, undefined, "javascript:alert(1)", "/../admin", "a b", "x\"onmouseover=1", "/a/b", "x?y"]) expect(detailPath("blog", bad), String(bad)).toBeNull();
    expect(detailPath("blogs", "/future-of-work")).toBeNull();
  });
});

describe("matchPath", () => {
  it("reads a route's parameters from an address, ignoring case and a trailing slash", () => {
    expect(matchPath("thoughtPaper", "/thoughtpapers/future-of-work/")).toEqual(["future-of-work"]);
    expect(matchPath("blog", "/BLOGS/x")).toEqual(["x"]);
    expect(matchPath("home", "/home")).toEqual([]);
  });

  it("is null for an address of another route", () => {
    expect(matchPath("blog", "/casestudies/x")).toBeNull();
    expect(matchPath("blog", "/blogs")).toBeNull();
    expect(matchPath("blog", "/blogs/x/y")).toBeNull();
    expect(matchPath("blog", "/blogs/")).toBeNull();
  });
});
