// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import blocksFile from "../registry/blocks.json" with { type: "json" };
import templatesFile from "../registry/templates.json" with { type: "json" };
import { checkConfiguration } from "../src/cli/checkConfig.ts";
import { generateRoutePaths, routePathsFile } from "../src/cli/routePaths.ts";
import { generateSchemas, serializeSchema } from "../src/cli/schemas.ts";
import { blockLoaders } from "../src/blocks/index.ts";
import { blockOptions } from "../src/blocks/options.ts";
import { formatProblem } from "../src/runtime/problems.ts";
import { routeTable } from "../src/runtime/registry.ts";

/** A copy of the project's configuration where a test may break things. */
function scratchProject(): string {
  const root = mkdtempSync(join(tmpdir(), "corvane-config-"));
  cpSync("registry", join(root, "registry"), { recursive: true });
  cpSync("layouts", join(root, "layouts"), { recursive: true });
  return root;
}

describe("registry and layouts", () => {
  it("all validate", async () => {
    const { problems, layouts } = await checkConfiguration();
    expect(problems.map(formatProblem)).toEqual([]);
    expect(layouts).toEqual(expect.arrayContaining(["default", "People", "SWS-OperationsTransformation-Utilities"]));
  });

  it("name the same blocks in JSON and in code: loaders and option schemas", () => {
    const names = Object.keys(blocksFile.blocks).sort();
    expect(Object.keys(blockLoaders).sort()).toEqual(names);
    expect(Object.keys(blockOptions).sort()).toEqual(names);
  });

  it("map every content template name of SPEC 3", () => {
    expect(Object.keys(templatesFile.templates).sort()).toEqual(
      [
        "Blog_CommonTemplate",
        "SingleBlog_Template",
        "Icon_CommonTemplate",
        "Icon_People_Page_Template",
        "CaseStudy_CommonTemplate",
        "CaseStudy_Resoure_PAGE_Template",
        "Thumbnail_CommonTemplate",
        "Thumbnail_Insurance_Page_Template",
        "Carousel_CommonTemplate",
        "Carousel_People_PAGE_Template",
      ].sort(),
    );
  });

  it("have up-to-date JSON Schemas (npm run schemas regenerates them from the zod source)", () => {
    for (const [file, schema] of Object.entries(generateSchemas())) {
      expect(readFileSync(join("registry", file), "utf8"), `registry/${file} is stale: run npm run schemas`).toBe(serializeSchema(schema));
    }
  });

  it("have the named routes of registry/routes.json in TypeScript, for pathTo (npm run schemas regenerates them)", () => {
    expect(readFileSync(routePathsFile, "utf8"), `${routePathsFile} is stale: run npm run schemas`).toBe(generateRoutePaths());
    const renamed = routeTable.routes.map((route) => (route.name === "blog" ? { ...route, name: "post" } : route));
    expect(generateRoutePaths(renamed)).toContain('post: "/blogs/:pageName"');
  });

  it("point every layout and registry file at its JSON Schema, for editor completion", () => {
    for (const file of readdirSync("layouts")) {
      expect(JSON.parse(readFileSync(join("layouts", file), "utf8")), file).toMatchObject({ $schema: "../registry/layout.schema.json" });
    }
    for (const file of ["blocks", "templates", "routes", "resource-defaults"]) {
      expect(JSON.parse(readFileSync(join("registry", `${file}.json`), "utf8"))).toMatchObject({ $schema: `./${file}.schema.json` });
    }
  });

  it("cover every route of CONTENT-API 6 and every page name with a fixture", () => {
    const fixtures = new Set(readdirSync("fixtures/pages").map((f) => f.replace(/\.json$/, "").toLowerCase()));
    const pageNames = [...routeTable.routes.flatMap((r) => (r.page ? [r.page] : [])), ...routeTable.knownPages];
    expect(pageNames.filter((name) => !fixtures.has(name.toLowerCase()))).toEqual([]);
    expect(pageNames).toHaveLength(42);
  });
});

describe("check:layouts on a deliberately broken layout", () => {
  it("names the file, the JSON path and what is wrong, for every problem at once", async () => {
    const root = scratchProject();
    writeFileSync(
      join(root, "layouts", "People.json"),
      JSON.stringify({
        $schema: "../registry/layout.schema.json",
        extends: "default",
        slots: [
          { id: "ppl-1", block: "testimonial", items: { tags: ["PPL-CAROUSELS-1"] } },
          { id: "ppl-2", block: "icons", items: { type: "Panel", tag: ["PPL-ICON-SEC-1"] } },
          { id: "ppl-3", block: "faq", options: { openFirst: "yes" } },
          { id: "ppl-4", block: "icons", items: { type: "Panels" } },
        ],
      }),
    );
    writeFileSync(join(root, "layouts", "Peple.json"), JSON.stringify({ $schema: "../registry/layout.schema.json", slots: [] }));
    const { problems } = await checkConfiguration(root);
    expect(problems.map(formatProblem)).toEqual([
      'layouts/People.json: slots[0].block: unknown block "testimonial" (did you mean "testimonials"?)',
      'layouts/People.json: slots[1].items: unknown key "tag" (did you mean "tags"?)',
      'layouts/People.json: slots[1].items.type: expected one of Banners, Blogs, Carousels, FAQS, Icons, Infographics, Branches, Panels, Testimonials, Thumbnails, CaseStudies, Articles, Videos, Media, ThoughtPapers, got "Panel" (did you mean "Panels"?)',
      "layouts/People.json: slots[2].options.openFirst: Invalid input: expected boolean, received string",
      'layouts/People.json: slots[3].items.type: block "icons" shows Icons, not Panels',
      'layouts/Peple.json: no route or page uses layout "Peple" (did you mean "People"?); page names come from registry/routes.json',
    ]);
  });

  it("reports a broken registry file with its path", async () => {
    const root = scratchProject();
    const routes = JSON.parse(readFileSync(join(root, "registry", "routes.json"), "utf8")) as { routes: Record<string, unknown>[] };
    routes.routes[0] = { path: "Home", page: "index", heros: "home" };
    routes.routes[1] = { ...routes.routes[1], name: "blog" };
    routes.routes[2] = { ...routes.routes[2], name: "Case-Study" };
    writeFileSync(join(root, "registry", "routes.json"), JSON.stringify(routes));
    const { problems } = await checkConfiguration(root);
    expect(problems.map(formatProblem)).toEqual([
      "registry/routes.json: routes[0].path: a route path starts with '/' and has plain segments or ':params'",
      'registry/routes.json: routes[0]: unknown key "heros" (did you mean "hero"?)',
      'registry/routes.json: routes[2].name: a route name is a camelCase word, e.g. "caseStudy"',
      `registry/routes.json: routes[${routes.routes.findIndex((route) => route.name === "blog" && route !== routes.routes[1])}].name: route name "blog" is already routes[1]'s`,
    ]);
  });
});
