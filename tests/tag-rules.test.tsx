/**
 * The page-specific rules of SPEC 2.3 item 4 / CONTENT-API 8, expressed only as layout JSON,
 * checked against the fixture content through the real fixture service: each tagged section
 * shows exactly its items, and the decoys never show.
 */
import { screen, within } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixtureService, renderSite, serviceFetch, testRuntime } from "./harness.tsx";

async function openPage(path: string) {
  renderSite(path, testRuntime({ fetch: serviceFetch(fixtureService()) }));
  await screen.findByRole("heading", { level: 1 });
  // Below-the-fold blocks mount after the first paint.
  await screen.findAllByRole("region");
  await new Promise((resolve) => setTimeout(resolve, 50));
  await expect.poll(() => document.querySelectorAll(".block-loading").length).toBe(0);
}

const section = (slotId: string) => {
  const element = document.querySelector<HTMLElement>(`[data-slot="${slotId}"]`);
  if (!element) throw new Error(`no section for slot ${slotId}`);
  return element;
};
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
