import { screen, within } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { fixtureService, renderSite, serviceFetch, testRuntime } from "../../tests/harness.tsx";

/** jsdom has no ResizeObserver; the overlay only needs to be told to re-measure. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

it("draws nothing without ?inspect", async () => {
  renderSite("/People", testRuntime({ fetch: serviceFetch(fixtureService()) }));
  await screen.findByRole("heading", { level: 1 });
  expect(screen.queryByRole("complementary", { name: "Layout inspector" })).toBeNull();
});

it("with ?inspect, labels the rendered slots and lists the empty ones with their reasons", async () => {
  vi.stubGlobal("ResizeObserver", NoopResizeObserver);
  renderSite("/People?inspect", testRuntime({ fetch: serviceFetch(fixtureService()) }));
  const panel = await screen.findByRole("complementary", { name: "Layout inspector" });
  expect(panel).toHaveTextContent("layouts/People.json, extends default");
  const infographics = within(panel).getByText("infographics").closest("li");
  expect(infographics).toHaveTextContent("no item of type Infographics");
  // Outlines follow the slots as they mount (below-the-fold blocks come after first paint).
  await expect.poll(() => [...document.querySelectorAll(".layout-inspector__label")].map((label) => label.textContent)).toContain(
    "ppl-icons-1 · icons · layout · 3 items",
  );
});
