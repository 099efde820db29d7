import { afterEach, describe, expect, it } from "vitest";
import { showAllSectionsNow, showSectionsOneByOne } from "./showSections.ts";

function page() {
  document.body.innerHTML = `<main><section class="section" id="a"></section><section class="section" id="b"></section></main><footer class="site-footer" id="f"></footer>`;
  return ["a", "b", "f"].map((id) => document.getElementById(id) as HTMLElement);
}
const shown = (element: HTMLElement) => element.style.getPropertyValue("content-visibility") === "visible";

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute("data-sections-shown");
});

describe("showing the sections skipped while the page started", () => {
  it("shows one section per step, top down, the footer last, then marks the page", () => {
    const elements = page();
    const steps: (() => void)[] = [];
    showSectionsOneByOne(document, (run) => steps.push(run));
    for (let step = 0; step < elements.length; step++) {
      expect(elements.map(shown)).toEqual(elements.map((_, index) => index < step));
      steps.shift()?.();
    }
    expect(elements.every(shown)).toBe(true);
    expect(document.documentElement.hasAttribute("data-sections-shown")).toBe(false);
    steps.shift()?.();
    expect(document.documentElement.hasAttribute("data-sections-shown")).toBe(true);
  });

  it("shows the rest at once when the page's real height is needed before it has finished", () => {
    const elements = page();
    const steps: (() => void)[] = [];
    showSectionsOneByOne(document, (run) => steps.push(run));
    steps.shift()?.();
    showAllSectionsNow();
    expect(elements.every(shown)).toBe(true);
    expect(document.documentElement.hasAttribute("data-sections-shown")).toBe(true);
    // The steps still queued do nothing more.
    steps.shift()?.();
    expect(steps).toHaveLength(0);
  });
});
