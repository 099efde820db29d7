/**
 * A <details> the visitor opened before the code ran, tapped again the moment the code has taken
 * the page over: the tap closes it. The code's state must know what the visitor opened when the
 * commit that hydrates the element ends, before the browser hands it the next tap; otherwise the
 * tap's handler asks the state for "closed", which it already holds, while it has kept the browser
 * from closing the element itself (`npm run bench:interactive` lost such a tap on /Home).
 *
 * With React's own scheduling, as in the browser: the tap is queued from a layout effect placed
 * after the element, so it comes right after the hydrating commit, before React's passive effects.
 */
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { useLayoutEffect, type ReactNode } from "react";
import { waitFor } from "@testing-library/react";
import { expect, it } from "vitest";
import { MenuListSchema } from "../src/content/contract.ts";
import { Header } from "../src/chrome/Header.tsx";
import { block as faq } from "../src/blocks/faq/Faq.tsx";
import { page, wireItem, wireMenus } from "./builders.ts";
import { blockElement } from "./harness.tsx";
import { withReactScheduling } from "./reactScheduling.ts";

const afterTest = withReactScheduling();

/** Taps what `selector` finds right after React commits the tree it is in (the next thing the browser may do), then marks the document. */
function TapAfterCommit({ selector }: { selector: string }) {
  useLayoutEffect(() => {
    queueMicrotask(() => {
      document.querySelector<HTMLElement>(selector)?.click();
      document.body.dataset.tapped = selector;
    });
  }, [selector]);
  return null;
}

/**
 * The server's HTML of `page(false)` in the document with the <details> `opened` opened by the
 * visitor (the browser's own toggle), hydrated with `page(tapper)`, whose tapper taps `selector` as soon
 * as it has committed; resolves once the tap was made.
 */
async function openedThenTappedAsCodeTakesOver(page: (tapping: ReactNode) => ReactNode, opened: string, selector: string): Promise<HTMLElement> {
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(page(null));
  const details = container.querySelector(opened);
  if (!(details instanceof HTMLDetailsElement)) throw new Error(`no <details> ${opened}`);
  details.open = true;
  // The server's HTML differs from what React renders in one attribute, `open`: what the visitor did.
  const root: Root = hydrateRoot(container, page(<TapAfterCommit selector={selector} />), { onRecoverableError: () => undefined });
  afterTest(() => {
    root.unmount();
    container.remove();
    delete document.body.dataset.tapped;
  });
  await waitFor(() => expect(document.body.dataset.tapped).toBe(selector));
  return container;
}

it("the header's menu, opened before the code ran, closes on a tap made as the code takes over", async () => {
  const chrome = { menus: MenuListSchema.parse(wireMenus("Northwind.")), resources: {} };
  const selector = "summary.site-header__toggle";
  const site = (tapping: ReactNode) => blockElement(faq, { items: [], chrome }, { around: (block) => (<><Header />{block}{tapping}</>) });
  const container = await openedThenTappedAsCodeTakesOver(site, "details.site-header__menu", selector);
  await waitFor(() => expect(container.querySelector(selector)).toHaveAttribute("aria-expanded", "false"));
  expect(container.querySelector<HTMLDetailsElement>("details.site-header__menu")?.open).toBe(false);
});

it("a FAQ answer opened before the code ran closes on a tap made as the code takes over", async () => {
  const items = page({ contents: [wireItem("FAQS", { title: "One?", longDesc: "<p>Answer one.</p>" }), wireItem("FAQS", { title: "Two?", longDesc: "<p>Answer two.</p>" })] }).contents;
  const selector = ".faq__item:last-child summary";
  const faqs = (tapping: ReactNode) => blockElement(faq, { items }, { around: (block) => (<>{block}{tapping}</>) });
  const container = await openedThenTappedAsCodeTakesOver(faqs, ".faq__item:last-child", selector);
  await waitFor(() => expect(container.querySelector(selector)).toHaveAttribute("aria-expanded", "false"));
  expect([...container.querySelectorAll<HTMLDetailsElement>(".faq__item")].map((answer) => answer.open)).toEqual([false, false]);
});
