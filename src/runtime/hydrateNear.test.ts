import { FakeIntersectionObserver as FakeObserver } from "../../tests/intersection.ts";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { PageSchema } from "../content/contract.ts";
import { hydrateWhenNear, NEAR_VIEWPORT_MARGIN } from "./hydrateNear.ts";

const page = PageSchema.parse({ id: 7, name: "Home" });
const section = (slotId: string) => document.querySelector(`[data-slot="${slotId}"]`) ?? document.body;

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  document.body.innerHTML = `<section data-slot="faqs"><button type="button">Question</button></section><section data-slot="cards"></section>`;
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

it("holds a section below the fold until it comes within a screen of the viewport", async () => {
  const { wait: near } = hydrateWhenNear(page, ["faqs", "cards"]);
  expect(FakeObserver.all[0]?.options?.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);
  const faqs = near(page, "faqs");
  expect(faqs?.status).toBe("pending");
  FakeObserver.come(section("faqs"));
  await faqs;
  expect(faqs?.status).toBe("fulfilled");
  expect(near(page, "cards")?.status).toBe("pending");
  // Once there, it is no longer watched.
  expect(FakeObserver.all[0]?.observed.has(section("faqs"))).toBe(false);
});

it("lets a section hydrate at once when the visitor reaches into it, so the click that follows finds it hydrated", async () => {
  const { wait: near } = hydrateWhenNear(page, ["faqs", "cards"]);
  section("faqs").querySelector("button")?.dispatchEvent(new Event("pointerdown", { bubbles: true }));
  await near(page, "faqs");
  expect(near(page, "faqs")?.status).toBe("fulfilled");
  section("cards").dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
  await near(page, "cards");
  expect(near(page, "cards")?.status).toBe("fulfilled");
});

it("holds nothing of another page, of a slot without a section, or in a browser without IntersectionObserver", () => {
  const { wait: near } = hydrateWhenNear(page, ["faqs", "no-such-slot"]);
  expect(near(PageSchema.parse({ id: 7, name: "Home" }), "faqs")).toBeUndefined();
  expect(near(page, "no-such-slot")).toBeUndefined();
  vi.stubGlobal("IntersectionObserver", undefined);
  expect(hydrateWhenNear(page, ["faqs"]).wait(page, "faqs")).toBeUndefined();
});

it("holds a click on a section that has not hydrated (React would drop it), starts hydrating it, and replays the click once it has", async () => {
  const near = hydrateWhenNear(page, ["faqs", "cards"]);
  const heard: string[] = [];
  // What React hears, at the root: the section's own listeners only once it has hydrated.
  document.body.addEventListener("click", (event) => heard.push((event.target as HTMLElement).textContent));
  const question = section("faqs").querySelector("button");
  if (!question) throw new Error("no button");
  const click = new MouseEvent("click", { bubbles: true, cancelable: true });
  question.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(true);
  expect(heard).toEqual([]);
  await near.wait(page, "faqs");
  near.hydrated(page, "faqs");
  expect(heard).toEqual(["Question"]);
  // Hydrated: the next click goes straight through.
  question.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  expect(heard).toEqual(["Question", "Question"]);
});

it("leaves a click with a modifier key to the browser (a link opened in a new tab)", () => {
  hydrateWhenNear(page, ["faqs"]);
  const click = new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true });
  section("faqs").querySelector("button")?.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(false);
});

it("lets every section hydrate at once for an update from above, which would otherwise wait for them all", async () => {
  const near = hydrateWhenNear(page, ["faqs", "cards"]);
  near.releaseAll();
  await Promise.all([near.wait(page, "faqs"), near.wait(page, "cards")]);
  expect([near.wait(page, "faqs")?.status, near.wait(page, "cards")?.status]).toEqual(["fulfilled", "fulfilled"]);
});

it("holds a section whose block waits to be reached (the contact form) as it scrolls near, and lets it hydrate when the visitor reaches into it", async () => {
  const { wait: near } = hydrateWhenNear(page, ["faqs", "cards"], ["faqs"]);
  FakeObserver.come(section("faqs"));
  FakeObserver.come(section("cards"));
  await near(page, "cards");
  expect([near(page, "faqs")?.status, near(page, "cards")?.status]).toEqual(["pending", "fulfilled"]);
  section("faqs").querySelector("button")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
  await near(page, "faqs");
  expect(near(page, "faqs")?.status).toBe("fulfilled");
});

it("hears the visitor reach into a section though React stops the focus event at its root (it replays it after hydrating)", async () => {
  const { wait: near } = hydrateWhenNear(page, ["faqs", "cards"], ["faqs"]);
  // React's listener at the root, in the capture phase, for an event on a part it has not hydrated.
  document.body.addEventListener("focusin", (event) => event.stopPropagation(), true);
  section("faqs").querySelector("button")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
  await near(page, "faqs");
  expect(near(page, "faqs")?.status).toBe("fulfilled");
});

it("lets a section hydrate at once when the visitor was in it before the code ran (typing in a field since the first paint)", async () => {
  document.body.insertAdjacentHTML("beforeend", `<section data-slot="form"><input aria-label="Name"></section>`);
  document.querySelector("input")?.focus();
  const { wait: near } = hydrateWhenNear(page, ["faqs", "form"], ["faqs", "form"]);
  await near(page, "form");
  expect([near(page, "faqs")?.status, near(page, "form")?.status]).toEqual(["pending", "fulfilled"]);
});

it("holds the site's footer, on any page, until it comes near, holding a click on it until it has hydrated", async () => {
  document.body.insertAdjacentHTML("beforeend", `<footer class="site-footer"><button type="button">Cookie Settings</button></footer>`);
  const footer = document.querySelector("footer");
  const near = hydrateWhenNear(page, [], [], document, [{ id: "footer", element: footer }]);
  const waiting = near.waitChrome("footer");
  expect(waiting?.status).toBe("pending");
  const heard: string[] = [];
  document.body.addEventListener("click", (event) => heard.push((event.target as HTMLElement).textContent));
  footer?.querySelector("button")?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  await waiting;
  expect(waiting?.status).toBe("fulfilled");
  expect(heard).toEqual([]);
  near.chromeHydrated("footer");
  expect(heard).toEqual(["Cookie Settings"]);
  expect(near.waitChrome("footer")).toBeUndefined();
  // A part of the chrome not in the page's HTML (no menus, no footer): nothing to wait for.
  expect(hydrateWhenNear(page, [], [], document, [{ id: "footer", element: null }]).waitChrome("footer")).toBeUndefined();
});
