// @vitest-environment node
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import templatesFile from "../registry/templates.json" with { type: "json" };
import { blockLoaders } from "../src/blocks/index.ts";
import { readBlockFolders } from "../tools/authoring/blockFolders.ts";
import { generateRoutePaths } from "../tools/authoring/routePaths.ts";
import { generatedFiles } from "../tools/authoring/generate.ts";
import { readFixturePages } from "../tools/authoring/fixtureCheck.ts";
import { checkLayout, checkSiteConfig } from "../src/build/siteConfig.ts";
import { unmatchedTagFilters } from "../tools/authoring/tagFilters.ts";
import { PageSchema } from "../src/content/contract.ts";
import { formatProblem } from "../src/runtime/problems.ts";
import { blockNames, routeTable } from "../src/runtime/registry.ts";

/** A copy of the project's configuration where a test may break things. */
function scratchProject(): string {
  const root = mkdtempSync(join(tmpdir(), "corvane-config-"));
  cpSync("registry", join(root, "registry"), { recursive: true });
  cpSync("layouts", join(root, "layouts"), { recursive: true });
  return root;
}

describe("registry and layouts", () => {
  it("all validate", async () => {
    const { problems, layouts } = await checkSiteConfig();
    expect(problems.map(formatProblem)).toEqual([]);
    expect(layouts).toEqual(expect.arrayContaining(["default", "People", "SWS-OperationsTransformation-Utilities"]));
  });

  it("are generated from the block folders as they are now (npm run generate)", async () => {
    const { declarations, problems } = await readBlockFolders();
    expect(problems.map(formatProblem)).toEqual([]);
    for (const [file, content] of Object.entries(generatedFiles(declarations))) {
      expect(readFileSync(file, "utf8"), `${file} is stale: run npm run generate`).toBe(content);
    }
  });

  it("load every block's component from the module its folder declares", async () => {
    for (const name of blockNames) {
      const definition = await blockLoaders[name]();
      expect(typeof definition.Component, name).toBe("function");
    }
  });

  it("map every content template name of SPEC 3 and every one a fixture page names", () => {
    const mapped = Object.keys(templatesFile.templates);
    const spec3 = ["Blog_CommonTemplate", "SingleBlog_Template", "Icon_CommonTemplate", "Icon_People_Page_Template", "CaseStudy_CommonTemplate", "CaseStudy_Resoure_PAGE_Template", "Thumbnail_CommonTemplate", "Thumbnail_Insurance_Page_Template", "Carousel_CommonTemplate", "Carousel_People_PAGE_Template"];
    // The names the fixture content uses, read from it: a template added to the registry or the content needs no edit here.
    const templateNames = (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(templateNames)
        : typeof value === "object" && value !== null
          ? Object.entries(value).flatMap(([key, entry]) => (key === "templateName" && typeof entry === "string" ? [entry] : templateNames(entry)))
          : [];
    const fixtureFiles = [...readdirSync("fixtures/pages").map((f) => join("fixtures/pages", f)), ...readdirSync("fixtures/content").map((f) => join("fixtures/content", f))];
    const used = fixtureFiles.flatMap((file) => templateNames(JSON.parse(readFileSync(file, "utf8"))));
    expect(used.length).toBeGreaterThan(0);
    expect(mapped).toEqual(expect.arrayContaining([...spec3, ...new Set(used)]));
  });

  it("give pathTo the named routes of registry/routes.json, as generated (npm run generate)", () => {
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
    const { problems } = await checkSiteConfig(root);
    expect(problems.map(formatProblem)).toEqual([
      'layouts/People.json: slots[0].block: unknown block "testimonial" (did you mean "testimonials"?)',
      'layouts/People.json: slots[1].items: unknown key "tag" (did you mean "tags"?)',
      'layouts/People.json: slots[1].items.type: expected one of Banners, Blogs, Carousels, FAQS, Icons, Infographics, Branches, Panels, Testimonials, Thumbnails, CaseStudies, Articles, Videos, Media, ThoughtPapers, got "Panel" (did you mean "Panels"?)',
      "layouts/People.json: slots[2].options.openFirst: Invalid input: expected boolean, received string",
      'layouts/People.json: slots[3].items.type: block "icons" shows Icons, not Panels',
      'layouts/Peple.json: no route or page uses layout "Peple" (did you mean "People"?); page names come from registry/routes.json',
    ]);
  });

  it("suggests the closest choice for a value out of a list, and an extends to a missing layout stops there", async () => {
    const root = scratchProject();
    const people = JSON.parse(readFileSync(join(root, "layouts", "People.json"), "utf8")) as { extends: string; slots: { id: string; options?: Record<string, unknown>; title?: unknown }[] };
    const hero = people.slots.findIndex((slot) => slot.id === "hero");
    people.slots[hero] = { id: "hero", options: { variant: "peoples" } };
    people.slots.push({ id: "faqs", title: { field: "heading9" } });
    writeFileSync(join(root, "layouts", "People.json"), JSON.stringify(people));
    expect((await checkSiteConfig(root)).problems.map(formatProblem)).toEqual([
      `layouts/People.json: slots[${hero}].options.variant: Invalid option: expected one of "home"|"content"|"generic"|"people"|"none", not "peoples" (did you mean "people"?)`,
      `layouts/People.json: slots[${people.slots.length - 1}].title.field: Invalid option: expected one of "heading"|"heading1"|"category"|"desc"|"shortDesc"|"longDesc"|"title", not "heading9" (did you mean "heading"?)`,
    ]);
    // The People layout as it is, but for its base's name: one line, not one per slot that patches the base.
    writeFileSync(join(root, "layouts", "People.json"), JSON.stringify({ ...JSON.parse(readFileSync("layouts/People.json", "utf8")), extends: "defualt" }));
    expect((await checkSiteConfig(root)).problems.map(formatProblem)).toEqual(['layouts/People.json: extends: no layout file layouts/defualt.json (did you mean "default"?)']);
  });

  it("reports a broken registry file with its path", async () => {
    const root = scratchProject();
    const routes = JSON.parse(readFileSync(join(root, "registry", "routes.json"), "utf8")) as { routes: Record<string, unknown>[] };
    routes.routes[0] = { path: "Home", pages: "index" };
    routes.routes[1] = { ...routes.routes[1], name: "blog" };
    routes.routes[2] = { ...routes.routes[2], name: "Case-Study" };
    writeFileSync(join(root, "registry", "routes.json"), JSON.stringify(routes));
    const { problems } = await checkSiteConfig(root);
    expect(problems.map(formatProblem)).toEqual([
      'registry/routes.json: routes[0]: unknown key "pages" (did you mean "page"?)',
      "registry/routes.json: routes[0].path: a route path starts with '/' and has plain segments or ':params'",
      'registry/routes.json: routes[2].name: a route name is a camelCase word, e.g. "caseStudy"',
      `registry/routes.json: routes[${routes.routes.findIndex((route) => route.name === "blog" && route !== routes.routes[1])}].name: route name "blog" is already routes[1]'s`,
    ]);
  });
});

describe("check:layouts in one pass", () => {
  it("reports a broken registry file, a layout that is not JSON and a bad block option together", async () => {
    const root = scratchProject();
    writeFileSync(join(root, "registry", "resource-defaults.json"), "{ not json");
    writeFileSync(join(root, "layouts", "Blogs.json"), "[");
    const contact = JSON.parse(readFileSync(join(root, "layouts", "Contact-Us.json"), "utf8")) as { slots: Record<string, unknown>[] };
    contact.slots.push({ id: "faqs", options: { openFirst: 1 } });
    writeFileSync(join(root, "layouts", "Contact-Us.json"), JSON.stringify(contact));
    const lines = (await checkSiteConfig(root)).problems.map(formatProblem);
    expect(lines).toEqual([
      "layouts/Blogs.json: line 1, column 2: not valid JSON: expected a value, not the end of the file",
      expect.stringMatching(/^layouts\/Contact-Us\.json: slots\[\d+\]\.options\.openFirst: Invalid input: expected boolean, received number$/),
      'registry/resource-defaults.json: line 1, column 3: not valid JSON: expected a key in double quotes, not "n"',
    ]);
  });
});

describe("a block folder", () => {
  /** A copy of src/blocks (and the runtime its declarations import) where a test may add a folder. */
  function scratchBlocks(): string {
    const root = mkdtempSync(join(tmpdir(), "corvane-blocks-"));
    cpSync("src", join(root, "src"), { recursive: true, filter: (path) => !path.endsWith(".test.tsx") && !path.endsWith(".test.ts") });
    return root;
  }

  it("is named by its folder and points at a component beside it", async () => {
    const root = scratchBlocks();
    const folder = join(root, "src", "blocks", "quote-wall");
    cpSync(join("src", "blocks", "faq"), folder, { recursive: true });
    writeFileSync(
      join(folder, "block.ts"),
      readFileSync(join(folder, "block.ts"), "utf8").replace('name: "faq"', 'name: "quotes"').replace('component: "Faq.tsx"', 'component: "QuoteWall.tsx"'),
    );
    const { problems, declarations } = await readBlockFolders(root);
    expect(problems.map(formatProblem)).toEqual([
      'src/blocks/quote-wall/block.ts: name: the block\'s name is its folder\'s: "quote-wall", not "quotes"',
      "src/blocks/quote-wall/block.ts: component: no file src/blocks/quote-wall/QuoteWall.tsx",
    ]);
    expect(declarations.map((block) => block.name)).toContain("faq");
  });

  it("that waits for the visitor to reach it while it is above the fold or does nothing in the browser is refused", async () => {
    const root = scratchBlocks();
    // hero is above the fold; banners does nothing in the browser.
    for (const name of ["hero", "banners"]) {
      const file = join(root, "src", "blocks", name, "block.ts");
      writeFileSync(file, readFileSync(file, "utf8").replace(/interactive: (true|false),/, "interactive: $1,\n  loadsWhenReached: true,"));
    }
    const { problems } = await readBlockFolders(root);
    expect(problems.map(formatProblem)).toEqual([
      "src/blocks/banners/block.ts: loadsWhenReached: only an interactive block below the fold (critical: false) can wait for the visitor to reach it",
      "src/blocks/hero/block.ts: loadsWhenReached: only an interactive block below the fold (critical: false) can wait for the visitor to reach it",
    ]);
  });

  it("with a misspelt content type or key fails npm run generate, blamed on its block.ts", async () => {
    const root = scratchBlocks();
    const file = join(root, "src", "blocks", "faq", "block.ts");
    writeFileSync(file, readFileSync(file, "utf8").replace(/consumes: \[[^\]]*\]/, 'consumes: ["FAQ"] as never, critcal: true'));
    const { problems, declarations } = await readBlockFolders(root);
    expect(problems.map(formatProblem)).toEqual([
      'src/blocks/faq/block.ts: consumes[0]: expected one of Banners, Blogs, Carousels, FAQS, Icons, Infographics, Branches, Panels, Testimonials, Thumbnails, CaseStudies, Articles, Videos, Media, ThoughtPapers, got "FAQ" (did you mean "FAQS"?)',
      'src/blocks/faq/block.ts: unknown key "critcal" (did you mean "critical"?)',
    ]);
    expect(declarations.map((block) => block.name)).not.toContain("faq");
  });

  it("without a declaration is named", async () => {
    const root = scratchBlocks();
    cpSync(join("src", "blocks", "faq", "Faq.tsx"), join(root, "src", "blocks", "loose", "Loose.tsx"));
    const { problems } = await readBlockFolders(root);
    expect(problems.map(formatProblem)).toEqual(["src/blocks/loose/block.ts: every block folder declares its block here (see README, Adding a block)"]);
  });
});

describe("a fixture page file (npm run check:fixtures)", () => {
  /** A copy of fixtures/pages where a test may break things. */
  function scratchFixtures(): string {
    const root = mkdtempSync(join(tmpdir(), "corvane-fixtures-"));
    cpSync(join("fixtures", "pages"), join(root, "pages"), { recursive: true });
    return root;
  }
  const page = (root: string, name: string) => JSON.parse(readFileSync(join(root, "pages", `${name}.json`), "utf8")) as Record<string, unknown>;
  const write = (root: string, name: string, value: unknown) => writeFileSync(join(root, "pages", `${name}.json`), typeof value === "string" ? value : JSON.stringify(value, null, 2));

  it("are all valid, each pointing its editor at the schema generated from the contract", () => {
    const { files, problems } = readFixturePages("fixtures");
    expect(problems.map(formatProblem)).toEqual([]);
    expect(files).toHaveLength(readdirSync("fixtures/pages").length);
  });

  it("names the file and JSON path of each mistake, with what was probably meant", () => {
    const root = scratchFixtures();
    const people = page(root, "People");
    write(root, "People", { ...people, id: "one thousand", contents: [{ ...(people.contents as object[])[0], titel: "Our people" }] });
    const { name: _name, ...noName } = page(root, "Experience");
    write(root, "Experience", noName);
    write(root, "Feedback", readFileSync(join(root, "pages", "Feedback.json"), "utf8").replace('"name": "Feedback",', '"name": "Feedback",,'));
    write(root, "Resources", { ...page(root, "Resources"), name: "resources" });
    const { $schema: _schema, ...noSchema } = page(root, "sample");
    write(root, "sample", { ...noSchema, id: page(root, "index").id });
    const lines = readFixturePages(root).problems.map(formatProblem);
    expect(lines).toEqual([
      `${root}/pages/Experience.json: name: Invalid input: expected string, received undefined`,
      `${root}/pages/Feedback.json: line 4, column 22: not valid JSON: expected a key in double quotes, not ","`,
      `${root}/pages/People.json: id: Invalid input: expected number, received string`,
      `${root}/pages/People.json: contents[0]: unknown key "titel" (did you mean "title"?)`,
      `${root}/pages/Resources.json: name: "resources" is not the file's name: the service finds this page as "Resources" (rename the file, or write "name": "Resources")`,
      `${root}/pages/sample.json: $schema: write "$schema": "../page.schema.json" first, for the editor's completion and checks`,
      `${root}/pages/sample.json: id: ${String(page(root, "index").id)} is also the id of ${root}/pages/index.json`,
    ]);
  });

  it("fails npm run check:fixtures with the file named, in one line per problem", () => {
    const root = scratchFixtures();
    write(root, "People", { ...page(root, "People"), id: "x" });
    let output = "";
    try {
      execFileSync(resolve("node_modules/.bin/tsx"), ["tools/check-fixtures.ts"], { env: { ...process.env, FIXTURES_DIR: root }, encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      output = String((error as { stderr: unknown }).stderr);
    }
    expect(output.trim().split("\n")).toEqual([`${root}/pages/People.json: id: Invalid input: expected number, received string`, "", `1 problem found in ${root}/pages/.`]);
  });
});

describe("check:layouts on a registry file that is not JSON", () => {
  it("says where, in one line and without a stack trace", () => {
    const root = scratchProject();
    const routes = readFileSync(join(root, "registry", "routes.json"), "utf8");
    // A trailing comma after the last redirect.
    writeFileSync(join(root, "registry", "routes.json"), routes.replace(/\}\s*\],/, "},\n  ],"));
    let failed: { status: number; stdout: string; stderr: string } | undefined;
    try {
      execFileSync(resolve("node_modules/.bin/tsx"), [resolve("tools/check-layouts.ts")], { cwd: root, encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      failed = error as typeof failed;
    }
    expect(failed?.status).toBe(1);
    expect(failed?.stderr.trim()).toMatch(/^registry\/routes\.json: line \d+, column 3: not valid JSON: expected a value, not "\]" \(a comma before it\?\)$/);
  });
});

describe("check:layouts on a tag filter", () => {
  it("warns when it selects no item on any fixture page, with the tags that exist (closest first)", async () => {
    const source = (name: string) => Promise.resolve(name === "People" ? { $schema: "../registry/layout.schema.json", slots: [{ id: "ppl", block: "carousel", items: { tags: ["PPL-CAROUSEL-1"] } }, { id: "ok", block: "carousel", items: { tags: ["PPL-CAROUSELS-1"] } }] } : undefined);
    const layout = await checkLayout("People", source);
    expect(layout.problems).toEqual([]);
    const pages = readdirSync("fixtures/pages").map((file) => PageSchema.parse(JSON.parse(readFileSync(join("fixtures/pages", file), "utf8"))));
    const warnings = unmatchedTagFilters([layout], pages).map(formatProblem);
    expect(warnings).toEqual([expect.stringMatching(/^layouts\/People\.json: slots\[0\]\.items\.tags: selects no item on any fixture page \(tags "PPL-CAROUSEL-1"\); the tags fixture items carry: PPL-CAROUSELS-1, PPL-CAROUSELS-2, /)]);
  });
});
