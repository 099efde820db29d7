/**
 * Where breadcrumbs show is layout data (SPEC 2.6): the default layout places the block, a
 * layout removes it by id or gives it its own trail. Checked through the real layouts and
 * the fixture service.
 */
import { screen, within } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import defaultLayout from "../layouts/default.json" with { type: "json" };
import { layoutSource } from "../src/app/createRuntime.ts";
import { resolveLayout } from "../src/runtime/layout.ts";
import { fixtureService, renderSite, serviceFetch, testRuntime } from "./harness.tsx";

const trail = () => screen.queryByRole("navigation", { name: "Breadcrumb" });
const crumbs = () => {
  const nav = trail();
  if (!nav) throw new Error("no breadcrumbs");
  return within(nav)
    .getAllByRole("link")
    .map((link) => `${link.textContent}${link.getAttribute("aria-current") === "page" ? "*" : ""} -> ${link.getAttribute("href") ?? ""}`);
};

async function openPage(path: string) {
  renderSite(path, testRuntime({ fetch: serviceFetch(fixtureService()) }));
  await screen.findByRole("heading", { level: 1 });
}

describe("where breadcrumbs show (layout data)", () => {
  const layoutOf = (files: Record<string, unknown>) => (name: string) => Promise.resolve(files[name]);

  it("sit in the default layout after the hero and fixed image, before the long description", async () => {
    const layout = await layoutSource("default");
    const ids = layout.slots.map((slot) => slot.id);
    expect(ids.indexOf("breadcrumbs")).toBe(ids.indexOf("fixed-image") + 1);
    expect(ids.indexOf("long-description")).toBe(ids.indexOf("breadcrumbs") + 1);
  });

  it("are removed by id in a layout that extends default", async () => {
    const resolved = await resolveLayout("home-like", layoutOf({ default: defaultLayout, "home-like": { extends: "default", slots: [{ id: "breadcrumbs", remove: true }] } }));
    expect(resolved.problems).toEqual([]);
    expect(resolved.slots.map((slot) => slot.id)).not.toContain("breadcrumbs");
  });

  it("are not on the contact thank-you page", async () => {
    await openPage("/Thankyou");
    expect(trail()).toBeNull();
  });

  it("read Home > Thought Papers > the page on the thought-paper thank-you page", async () => {
    await openPage("/ThoughtPapers-Thankyou");
    expect(crumbs()).toEqual(["Home -> /Home", "Thought Papers -> /thoughtpapers", "Thank you* -> /ThoughtPapers-Thankyou"]);
  });

  it("read Home > Blogs > the blog's name on a blog (layout BlogDetail)", async () => {
    await openPage("/blogs/suite-of-solutions-and-services");
    expect(crumbs()).toEqual(["Home -> /Home", "Blogs -> /blogs", "Data-Driven Marketing: A Suite of Solutions and Services* -> /blogs/suite-of-solutions-and-services"]);
  });

  it("read Home > Case Studies > the case study's name on a case study (layout CaseStudyDetail)", async () => {
    const [first] = JSON.parse(readFileSync("fixtures/content/casestudies.json", "utf8")) as { title: string; anchorlink: string }[];
    if (!first) throw new Error("no case studies in the fixtures");
    await openPage(`/casestudies${first.anchorlink}`);
    expect(crumbs()).toEqual(["Home -> /Home", "Case Studies -> /casestudies", `${first.title}* -> /casestudies${first.anchorlink}`]);
  });
});
