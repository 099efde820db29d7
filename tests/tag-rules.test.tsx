/**
 * The page-specific rules of SPEC 2.3 item 4 / CONTENT-API 8, expressed only as layout JSON,
 * checked against the fixture content through the real fixture service: each tagged section
 * shows exactly its items, and the decoys never show.
 */
import { screen, within } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { wireItem, wirePage } from "./builders.ts";
import { cannedFetch, fixturePageData, openFixturePage, renderSite, slotSection, testRuntime, wireTags } from "./harness.tsx";

const openPage = openFixturePage;
const section = slotSection;
const headings = (slotId: string) => within(section(slotId)).getAllByRole("heading", { level: 3 }).map((h) => h.textContent);

describe("People", () => {
  it("shows each tagged round of carousel, icons and thumbnails in its own section, with exactly its items", async () => {
    await openPage("/People");
    const people = JSON.parse(readFileSync("fixtures/pages/People.json", "utf8")) as { contents: { type: number; title: string; tags: string[] | string | null }[] };
    const tagged = (type: number, tag: string) =>
      people.contents
        .filter((item) => item.type === type && (typeof item.tags === "string" ? item.tags.split(",") : (item.tags ?? [])).some((t) => t.trim().toLowerCase() === tag.toLowerCase()))
        .map((item) => item.title);
    const expected: [string, number, string][] = [
      ["ppl-carousel-1", 3, "PPL-CAROUSELS-1"],
      ["ppl-carousel-2", 3, "PPL-CAROUSELS-2"],
      ["ppl-icons-1", 5, "PPL-ICON-SEC-1"],
      ["ppl-icons-2", 5, "PPL-ICON-SEC-2"],
      ["ppl-thumbnails-1", 10, "PPL-ICON-THUMB-1"],
      ["ppl-thumbnails-2", 10, "PPL-ICON-THUMB-2"],
    ];
    for (const [slot, type, tag] of expected) {
      // Every card or slide of the section (carousel slides out of view are hidden from the accessibility tree, not absent).
      const titles = [...section(slot).querySelectorAll("h3")].map((h) => h.textContent);
      expect(titles, slot).toEqual(tagged(type, tag));
      expect(titles.length, slot).toBeGreaterThan(0);
    }
  });

  it("never shows the decoys: other tags, untagged items, other testimonials", async () => {
    await openPage("/People");
    expect(document.body).not.toHaveTextContent(/Decoy:/);
  });

  it("shows the two named experts' testimonials, under the expert title", async () => {
    await openPage("/People");
    const experts = screen.getByRole("region", { name: "Expert Speak" });
    expect(within(experts).getAllByRole("figure").map((f) => within(f).getByText(/Priya Raghunathan|Daniel Okafor/).textContent).sort()).toEqual(["Daniel Okafor", "Priya Raghunathan"]);
  });

  it("falls back to the layout's default title when the service has no resource for it", async () => {
    await openPage("/People");
    expect(screen.getByRole("region", { name: "Life Beyond Work" })).toBe(section("ppl-thumbnails-2"));
  });
});

describe("Utilities", () => {
  it("shows panels tagged for the advantage and explore sections, each in its own section", async () => {
    await openPage("/Smart-work-solutions/operations-transformation/utilities");
    expect(headings("utilities-advantage")).toHaveLength(2);
    expect(headings("utilities-explore")).toHaveLength(2);
    expect(screen.getByRole("region", { name: "Explore More" })).toBe(section("utilities-explore"));
  });

  it("shows one icon section per tag and no decoys", async () => {
    await openPage("/Smart-work-solutions/operations-transformation/utilities");
    expect(headings("utilities-service-portfolio")).toEqual(["Billing exception management", "Meter data management", "Collections and credit"]);
    for (const slot of ["utilities-brand-customer-experience", "utilities-technology-transformation", "utilities-innovation"]) expect(headings(slot).length, slot).toBeGreaterThan(0);
    expect(document.body).not.toHaveTextContent(/Decoy:/);
    expect(document.querySelector('[data-slot="panels"]')).toBeNull();
    expect(document.querySelector('[data-slot="icons"]')).toBeNull();
  });
});

/** Titles of the fixture page's items carrying the tag (any type unless one is given), in content order. */
function taggedTitles(pageName: string, tag: string, type?: number): string[] {
  return fixturePageData(pageName)
    .contents.filter((item) => (type === undefined || item.type === type) && wireTags(item).includes(tag.toLowerCase()))
    .map((item) => item.title);
}
const THUMBNAILS = 10;
const TESTIMONIALS = 9;

describe("Immersive and interactive", () => {
  const tags = ["IMMERSIVE-AR", "IMMERSIVE-VR", "IMMERSIVE-MR", "IMMERSIVE-GAMIFICATION", "IMMERSIVE-SIMULATION", "IMMERSIVE-VIRTUAL-TOURS"];

  it("shows each immersive tag's thumbnails in a section of their own, titled from its resource", async () => {
    await openPage("/global-brand-solutions/creative-production/immersive-and-interactive");
    for (const tag of tags) {
      const slot = tag.toLowerCase();
      expect(headings(slot), slot).toEqual(taggedTitles("Immersive-and-Interactive", tag, THUMBNAILS));
      expect(headings(slot).length, slot).toBeGreaterThan(0);
    }
    // The page's own resource wins over the site's ("Augmented Reality").
    expect(screen.getByRole("region", { name: "Augmented reality" })).toBe(section("immersive-ar"));
    expect(screen.getByRole("region", { name: "Mixed Reality" })).toBe(section("immersive-mr"));
  });

  it("never shows thumbnails of other tags, and links to the immersive site", async () => {
    await openPage("/global-brand-solutions/creative-production/immersive-and-interactive");
    expect(document.body).not.toHaveTextContent(/Decoy:/);
    expect(document.querySelector('[data-slot="thumbnails"]')).toBeNull();
    expect(within(section("immersive-site")).getByRole("link", { name: "Visit the Immersive Experience Site" })).toHaveAttribute("href", "https://immersive.corvane.example/");
  });
});

describe("Shared services transformation", () => {
  it("shows only the thumbnails tagged for the AI thumbnail section, as a carousel", async () => {
    await openPage("/smart-work-solutions/shared-services-transformation");
    const ai = section("sst-ai-thumbnails");
    expect([...ai.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(taggedTitles("SWS-SharedServicesTransformation", "SST-AI-THUMBNAIL", THUMBNAILS));
    expect(within(ai).getByRole("group", { name: "AI in shared services" })).toHaveAttribute("aria-roledescription", "carousel");
    for (const decoy of ["Global process ownership", "Service catalog"]) expect(document.body).not.toHaveTextContent(decoy);
    expect(document.querySelector('[data-slot="thumbnails"]')).toBeNull();
  });
});

describe("Premedia and prepress", () => {
  const page = "GBS-CreativeProduction-Premedia-Prepress";

  it("shows the three page headers, each with the items of its tag whatever their type, titled from resources", async () => {
    await openPage("/global-brand-solutions/creative-production/premedia-prepress");
    const resources = fixturePageData(page).resources ?? {};
    for (const n of [1, 2, 3]) {
      const slot = `premedia-header-${n}`;
      expect(headings(slot), slot).toEqual(taggedTitles(page, `GBS-CP-PP-HEADER-${n}`));
      expect(screen.getByRole("region", { name: resources[`GBS-CP-PP-HEADER-${n}-TITLE`] })).toBe(section(slot));
    }
    // Headers hold more than one content type (a banner with an icon, a banner with a panel).
    expect(new Set(fixturePageData(page).contents.filter((item) => wireTags(item).some((t) => t.startsWith("gbs-cp-pp-header"))).map((i) => i.type)).size).toBeGreaterThan(1);
  });

  it("leaves an item shown in a header out of the other sections", async () => {
    await openPage("/global-brand-solutions/creative-production/premedia-prepress");
    const inHeaders = [1, 2, 3].flatMap((n) => taggedTitles(page, `GBS-CP-PP-HEADER-${n}`));
    for (const slot of ["icons", "panels", "thumbnails", "infographics"]) {
      const element = document.querySelector(`[data-slot="${slot}"]`);
      for (const title of inHeaders) expect(element?.textContent ?? "", `${slot} repeats ${title}`).not.toContain(title);
    }
    expect(headings("icons").length).toBeGreaterThan(0);
  });
});

describe("Insurance and REIT pages", () => {
  const pages = [
    ["/Smart-work-solutions/operations-transformation/insurance-services", "SWS-OperationsTransformation-InsuranceServices"],
    ["/life-insurance", "SWS-OperationsTransformation-LifeInsurance"],
    ["/general-insurance", "SWS-OperationsTransformation-GeneralInsurance"],
    ["/Smart-work-solutions/operations-transformation/reit-accounting-services", "SWS-OperationsTransformation-REITAccountingServices"],
  ] as const;

  it.each(pages)("%s hides testimonials whose title contains \"client\" and keeps the others", async (path, name) => {
    await openPage(path);
    const testimonials = fixturePageData(name).contents.filter((item) => item.type === TESTIMONIALS);
    const clients = testimonials.filter((item) => /client/i.test(item.title)).map((item) => item.title);
    const others = testimonials.filter((item) => !/client/i.test(item.title)).map((item) => item.title);
    expect(clients.length, "the fixture has client testimonials to hide").toBeGreaterThan(0);
    const shown = [...section("testimonials").querySelectorAll(".testimonial__name")].map((el) => el.textContent);
    expect(shown).toEqual(others);
    for (const title of clients) expect(document.body).not.toHaveTextContent(title);
  });

  it("is the layout's rule: the same content keeps its client testimonials on a page without it", async () => {
    const contents = [wireItem("Testimonials", { title: "A Client in Retail" }), wireItem("Testimonials", { title: "Dana Reyes" })];
    const pages = { "About-Us": wirePage({ name: "About-Us", contents }), "SWS-OperationsTransformation-LifeInsurance": wirePage({ name: "SWS-OperationsTransformation-LifeInsurance", contents }) };
    const names = async () => {
      await expect.poll(() => document.querySelectorAll(".testimonial__name").length).toBeGreaterThan(0);
      return [...document.querySelectorAll(".testimonial__name")].map((el) => el.textContent);
    };
    const about = renderSite("/about-us", testRuntime({ fetch: cannedFetch({ pages }) }));
    expect(await names()).toEqual(["A Client in Retail", "Dana Reyes"]);
    about.unmount();
    renderSite("/life-insurance", testRuntime({ fetch: cannedFetch({ pages }) }));
    expect(await names()).toEqual(["Dana Reyes"]);
  });
});
