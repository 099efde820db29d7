import { describe, expect, it } from "vitest";
import { placeBlockCode } from "./blockCode.ts";

/** A module graph: each module's static imports. */
const graph: Record<string, string[]> = {
  "/src/app/start.tsx": ["/src/runtime/render.ts", "/node_modules/react/index.js", "/node_modules/zod/index.js"],
  "/src/runtime/render.ts": [],
  "/src/blocks/hero/Hero.tsx": ["/src/ui/SafeHtml.tsx", "/src/blocks/hero/hero.css"],
  "/src/ui/SafeHtml.tsx": ["/node_modules/dompurify/purify.js"],
  // Site code only, and what the shell and the first blocks load already (React, zod, SafeHtml's DOMPurify).
  "/src/blocks/faq/Faq.tsx": ["/src/ui/Disclosure.tsx", "/src/ui/SafeHtml.tsx", "/node_modules/react/index.js", "/src/blocks/faq/faq.css"],
  "/src/ui/Disclosure.tsx": ["/src/runtime/render.ts", "/node_modules/zod/index.js"],
  // A package of its own, two modules down.
  "/src/blocks/contact-form/ContactForm.tsx": ["/src/forms/useRulesForm.ts"],
  "/src/forms/useRulesForm.ts": ["/node_modules/react-hook-form/index.js", "/src/forms/fields.ts"],
  "/src/forms/fields.ts": ["/src/forms/useRulesForm.ts"],
  // Modules that import each other, and no package.
  "/src/blocks/cards/Cards.tsx": ["/src/blocks/cards/Card.tsx"],
  "/src/blocks/cards/Card.tsx": ["/src/blocks/cards/Cards.tsx"],
};

const blocks = [
  { file: "hero/Hero.tsx", id: "/src/blocks/hero/Hero.tsx", critical: true, interactive: true },
  { file: "faq/Faq.tsx", id: "/src/blocks/faq/Faq.tsx", critical: false, interactive: true },
  { file: "contact-form/ContactForm.tsx", id: "/src/blocks/contact-form/ContactForm.tsx", critical: false, interactive: true },
  { file: "cards/Cards.tsx", id: "/src/blocks/cards/Cards.tsx", critical: false, interactive: true },
];

describe("where each block's code goes in the browser's build", () => {
  it("puts the above-the-fold blocks first, blocks without a package of their own later, and the rest on their own", async () => {
    const read: string[] = [];
    const placement = await placeBlockCode({
      importsOf: (id) => {
        read.push(id);
        return Promise.resolve(graph[id] ?? []);
      },
      shell: ["/src/app/start.tsx"],
      blocks,
    });
    expect(placement).toEqual({ "hero/Hero.tsx": "first", "faq/Faq.tsx": "later", "contact-form/ContactForm.tsx": "own", "cards/Cards.tsx": "later" });
    // Each module is read once; packages and style sheets are never walked.
    expect(new Set(read).size).toBe(read.length);
    expect(read.filter((id) => id.includes("/node_modules/") || id.endsWith(".css"))).toEqual([]);
  });

  it("keeps a block on its own when the package it brings is one only another later block loads", async () => {
    const placement = await placeBlockCode({
      importsOf: (id) => Promise.resolve({ "/src/blocks/a/A.tsx": ["/node_modules/keen-slider/index.js"], "/src/blocks/b/B.tsx": ["/src/blocks/a/A.tsx"] }[id] ?? []),
      shell: [],
      blocks: [
        { file: "a/A.tsx", id: "/src/blocks/a/A.tsx", critical: false, interactive: true },
        { file: "b/B.tsx", id: "/src/blocks/b/B.tsx", critical: false, interactive: true },
      ],
    });
    expect(placement).toEqual({ "a/A.tsx": "own", "b/B.tsx": "own" });
  });
});

it("keeps the code of blocks that do nothing in the browser out of every group a server-rendered page downloads", async () => {
  const placement = await placeBlockCode({
    importsOf: (id) => Promise.resolve(graph[id] ?? []),
    shell: ["/src/app/start.tsx"],
    blocks: [
      { file: "hero/Hero.tsx", id: "/src/blocks/hero/Hero.tsx", critical: true, interactive: false },
      { file: "faq/Faq.tsx", id: "/src/blocks/faq/Faq.tsx", critical: false, interactive: true },
      { file: "cards/Cards.tsx", id: "/src/blocks/cards/Cards.tsx", critical: false, interactive: false },
    ],
  });
  // The hero's code is no longer there before the rest: DOMPurify, which it brought, is the FAQ's own package now.
  expect(placement).toEqual({ "hero/Hero.tsx": "own", "faq/Faq.tsx": "own", "cards/Cards.tsx": "own" });
});
