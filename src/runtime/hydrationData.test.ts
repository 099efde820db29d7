import { describe, expect, it } from "vitest";
import { hydrationDataOf } from "../../tests/harness.tsx";
import { packLoaderData, scriptSafeJson } from "./hydrationData.ts";

describe("the server's embedded page data", () => {
  it("is written so that no text can end the script element", () => {
    const text = scriptSafeJson({ a: "</script><!-- \u2028 & >" });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ a: "</script><!-- \u2028 & >" });
  });
});

describe("the page's content in the embedded data", () => {
  const contents = [
    { id: 7, type: 8, title: "Panel one" },
    { id: 8, type: 5, title: "An icon" },
    { id: 9, type: 8, title: "Panel two" },
  ];
  const loaderData = {
    root: { menus: [] },
    "routes/page": { status: "ready", page: { id: 1, contents }, slots: [{ id: "panels", items: [contents[0], contents[2]] }, { id: "icons", items: [contents[1]] }, { id: "hero", items: [] }] },
  };

  it("goes once: slots name their items by place, and the browser gets the same page back, each item the page's own object", () => {
    const sent = scriptSafeJson({ siteUrl: "https://www.example.com", loaderData: packLoaderData(loaderData) });
    expect(sent.match(/Panel two/g)).toHaveLength(1);
    const read = hydrationDataOf(JSON.parse(sent));
    expect(read.loaderData).toEqual(loaderData);
    const page = read.loaderData["routes/page"] as { page: { contents: unknown[] }; slots: { items: unknown[] }[] };
    expect(page.slots[0]?.items[1]).toBe(page.page.contents[2]);
  });

  it("drops a reference to no item of the page instead of showing something else", () => {
    const forged = { siteUrl: "https://www.example.com", loaderData: { "routes/page": { status: "ready", page: { contents: [] }, slots: [{ id: "panels", items: [{ $content: 4 }] }] } } };
    const read = hydrationDataOf(forged);
    expect((read.loaderData["routes/page"] as { slots: { items: unknown[] }[] }).slots[0]?.items).toEqual([]);
  });
});
