import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { cannedFetch, testRuntime, withResolvedOptions } from "../../tests/harness.tsx";
import { page, wireItem } from "../../tests/builders.ts";
import { defineBlock, type BlockDefinition } from "./block.tsx";
import { RuntimeProvider, type Runtime } from "./context.tsx";
import { resolveLayout, type ResolvedLayout } from "./layout.ts";
import type { BlockLoaders } from "./lazyBlocks.ts";
import { PageRenderer } from "./PageRenderer.tsx";
import { pageSlots } from "./slots.ts";

const layoutOf = (slots: unknown[]) => resolveLayout("t", (name) => Promise.resolve(name === "t" ? { slots } : undefined));

function renderPage(runtime: Runtime, layout: ResolvedLayout, p = page()) {
  return render(
    <RuntimeProvider runtime={runtime}>
      <MemoryRouter>
        <PageRenderer page={p} slots={withResolvedOptions(pageSlots(layout, p, (key) => p.resources[key]).slots)} />
      </MemoryRouter>
    </RuntimeProvider>,
  );
}

const runtimeWith = (loaders: Partial<BlockLoaders>, chunkTimeoutMs?: number) =>
  testRuntime({ fetch: cannedFetch({}), loaders, ...(chunkTimeoutMs ? { chunkTimeoutMs } : {}) });

const throwing: BlockDefinition = defineBlock("faq", () => {
  throw new Error("boom");
});

describe("PageRenderer", () => {
  it("mounts the layout's blocks in order, each with the items its filter selects", async () => {
    const layout = await layoutOf([
      { id: "hero", block: "hero" },
      { id: "faqs", block: "faq", title: { resource: "FAQS-TITLE" } },
      { id: "icons", block: "icons" },
    ]);
    renderPage(runtimeWith({}), layout, page({ heading: "Operations that scale", contents: [wireItem("FAQS", { title: "How fast can we start?" })] }));
    expect(await screen.findByRole("heading", { level: 1, name: "Operations that scale" })).toBeInTheDocument();
    const faqs = await screen.findByRole("region", { name: "Frequently Asked Questions" });
    // A question is a <summary>, which testing-library gives no role.
    expect([...faqs.querySelectorAll("summary")].map((summary) => summary.textContent.trim())).toContain("How fast can we start?");
    // No icons on the page: the icons section is not there at all.
    expect(document.querySelector("[data-slot='icons']")).toBeNull();
  });

  it("keeps the page when one block throws: that section says so, the others render", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const layout = await layoutOf([{ id: "hero", block: "hero" }, { id: "broken", block: "faq" }, { id: "icons", block: "icons", title: { resource: "ICONS-TITLE" } }]);
    renderPage(runtimeWith({ faq: () => Promise.resolve(throwing) }), layout, page({ heading: "Still here", contents: [wireItem("FAQS"), wireItem("Icons", { title: "An icon" })] }));
    expect(await screen.findByText("This section could not be shown.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Still here" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "An icon" })).toBeInTheDocument();
  });

  it("reports a block whose code fails to load in its own place, with a reload button", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const layout = await layoutOf([{ id: "hero", block: "hero" }, { id: "faqs", block: "faq" }]);
    renderPage(runtimeWith({ faq: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")) }), layout, page({ heading: "Up", contents: [wireItem("FAQS")] }));
    expect(await screen.findByText("This section could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload page" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Up" })).toBeInTheDocument();
  });

  it("reports a time-out in the block's place when its code does not arrive in time", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const layout = await layoutOf([{ id: "hero", block: "hero" }, { id: "faqs", block: "faq" }]);
    renderPage(runtimeWith({ faq: () => new Promise<BlockDefinition>(() => undefined) }, 50), layout, page({ heading: "Up", contents: [wireItem("FAQS")] }));
    expect(await screen.findByText("This section timed out while loading.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload page" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Up" })).toBeInTheDocument();
  });

  it("shows a section whose layout options are invalid as failed, not the page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const layout = await layoutOf([{ id: "hero", block: "hero" }, { id: "faqs", block: "faq", options: { openFirst: "yes" } }]);
    renderPage(runtimeWith({}), layout, page({ heading: "Fine", contents: [wireItem("FAQS")] }));
    expect(await screen.findByText("This section could not be shown.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Fine" })).toBeInTheDocument();
  });

  it("falls back to the template's defaults when content sends invalid templateOptions", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const layout = await layoutOf([{ id: "templates", templates: true }]);
    renderPage(
      runtimeWith({}),
      layout,
      page({ contents: [wireItem("Icons", { title: "Templated icon" })], conetentTemplates: [{ contentType: 5, templateName: "Icon_CommonTemplate", templateOptions: "{\"layout\":\"diagonal\"}" }] }),
    );
    expect(await screen.findByRole("heading", { name: "Templated icon" })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("content options ignored"));
  });

  it("marks when content is shown, before below-the-fold blocks load", async () => {
    const mark = vi.spyOn(performance, "mark");
    const faqLoader = vi.fn(() => import("../blocks/faq/Faq.tsx").then((m) => m.block));
    const layout = await layoutOf([{ id: "hero", block: "hero" }, { id: "faqs", block: "faq" }]);
    renderPage(runtimeWith({ faq: faqLoader }), layout, page({ contents: [wireItem("FAQS")] }));
    expect(mark).toHaveBeenCalledWith("content-shown");
    expect(faqLoader).not.toHaveBeenCalled();
    // A question is a <summary>, which testing-library gives no role.
    await waitFor(() => expect([...document.querySelectorAll("summary")].some((summary) => /FAQS item/.test(summary.textContent))).toBe(true));
    expect(faqLoader).toHaveBeenCalledTimes(1);
  });
});
