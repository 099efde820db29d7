/**
 * Motion over many page changes: every watched element, animation, smooth-scroll instance,
 * observer and listener a page starts is gone when the visitor moves on, so the tenth page costs
 * what the first did, and nothing is left once the site unmounts. The real engine and Lenis run
 * here, on a desktop screen; jsdom lays nothing out and has no IntersectionObserver or
 * animations, so sections and panels are given positions below the fold (where entrances are set
 * up), the browser's observer and animations are recorded (./intersection.ts, ./animations.ts),
 * and some sections are made to enter (where animations play).
 */
import { act, render, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { siteRoutes } from "../src/app/routes.tsx";
import { RuntimeProvider } from "../src/runtime/context.tsx";
import { fakeAnimations } from "./animations.ts";
import { wireItem, wirePage } from "./builders.ts";
import { consentGiven } from "./e2e/env.ts";
import { cannedFetch, testRuntime } from "./harness.tsx";
import { FakeIntersectionObserver } from "./intersection.ts";
import { fakeScreen, type FakeScreen } from "./screen.ts";

const pages = {
  "About-Us": wirePage({ id: 1, name: "About-Us", heading: "About us", contents: [wireItem("Icons"), wireItem("Icons"), wireItem("Panels", { direction: "Left" }), wireItem("Panels", { direction: "Right" }), wireItem("FAQS")] }),
  People: wirePage({ id: 2, name: "People", heading: "Our people", contents: [wireItem("Panels"), wireItem("Panels"), wireItem("Panels"), wireItem("Thumbnails")] }),
};

/** Live listeners on window and document, counted as the browser keeps them (same type, function and phase once). */
function listenerCounter() {
  const live = new Set<string>();
  const ids = new WeakMap<object, number>();
  let next = 0;
  const key = (target: string, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) => {
    if (!listener) return null;
    if (!ids.has(listener)) ids.set(listener, next++);
    const capture = typeof options === "boolean" ? options : Boolean(options?.capture);
    return `${target}:${type}:${String(ids.get(listener))}:${String(capture)}`;
  };
  for (const [name, target] of [["window", window], ["document", document]] as const) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    vi.spyOn(target, "addEventListener").mockImplementation((type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => {
      const id = key(name, type, listener, options);
      if (id) live.add(id);
      if (listener) add(type, listener, options);
    });
    vi.spyOn(target, "removeEventListener").mockImplementation((type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) => {
      const id = key(name, type, listener, options);
      if (id) live.delete(id);
      if (listener) remove(type, listener, options);
    });
  }
  return () => live.size;
}

/** ResizeObserver (jsdom has none), counting the ones still observing. */
let observing = 0;
class CountedResizeObserver {
  private active = false;
  observe() {
    if (!this.active) observing++;
    this.active = true;
  }
  unobserve() {}
  disconnect() {
    if (this.active) observing--;
    this.active = false;
  }
}

/** jsdom lays nothing out: sections and panels sit below the fold, one after another, unless entering. */
const entering = new Set<Element>();
function layOut() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const placed = [...document.querySelectorAll(".section, .panel")];
    const index = placed.indexOf(this);
    if (index === -1) return original.call(this);
    const top = entering.has(this) ? window.innerHeight - 30 : 1200 + index * 700;
    return { top, bottom: top + 600, height: 600, left: 0, right: 1200, width: 1200, x: 0, y: top, toJSON: () => ({}) };
  });
}

let screen: FakeScreen;
const animations = fakeAnimations();
beforeAll(() => {
  animations.install();
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  // A returning visitor who has answered the cookie banner: smooth scrolling pauses while it shows.
  for (const { name, value } of consentGiven.cookies) document.cookie = `${name}=${value}; path=/`;
  screen = fakeScreen({ width: 1440, height: 900 });
  vi.stubGlobal("ResizeObserver", CountedResizeObserver);
});
afterAll(() => {
  animations.restore();
  vi.unstubAllGlobals();
  screen.restore();
});

function renderSite(path: string) {
  const runtime = testRuntime({ fetch: cannedFetch({ pages }) });
  const router = createMemoryRouter(siteRoutes(runtime), { initialEntries: [path] });
  const view = render(
    <RuntimeProvider runtime={runtime}>
      <RouterProvider router={router} />
    </RuntimeProvider>,
  );
  return { router, view };
}

const html = document.documentElement;

/** The page is on screen and its motion has started (smooth scroll included). */
async function motionStarted(heading: string) {
  await waitFor(() => expect(document.querySelector("main h1")?.textContent).toBe(heading), { timeout: 5000 });
  await waitFor(() => expect(html).toHaveAttribute("data-motion"), { timeout: 10_000 });
  await waitFor(() => expect(html).toHaveClass("lenis"));
  // Blocks mount lazily; let them all arrive and the engine see them, then let some enter.
  await waitFor(() => expect(document.querySelector(".block-loading")).toBeNull(), { timeout: 5000 });
  // The engine picks up what mounted in its next frame: every section and panel (all below the fold here) is watched.
  const watched = (element: Element) => FakeIntersectionObserver.watching(element);
  await waitFor(() => expect([...document.querySelectorAll(".section, .panel")].filter((element) => !watched(element))).toEqual([]));
  for (const element of [...document.querySelectorAll(".section, .panel")].slice(0, 2)) {
    entering.add(element);
    FakeIntersectionObserver.come(element);
  }
}

function counts(listeners: () => number) {
  return {
    watched: FakeIntersectionObserver.all.reduce((sum, observer) => sum + observer.observed.size, 0),
    animations: animations.running().length,
    smoothScrolls: html.classList.contains("lenis") ? 1 : 0,
    resizeObservers: observing,
    mediaListeners: screen.listenerCount(),
    listeners: listeners(),
  };
}

describe("motion across page changes", () => {
  it("leaks nothing: every page visit costs the same, and nothing is left after unmount", async () => {
    layOut();
    const listeners = listenerCounter();
    // A first visit registers what the libraries keep for the life of the document (their own listeners).
    const warmUp = renderSite("/about-us");
    await motionStarted("About us");
    warmUp.view.unmount();
    warmUp.router.dispose();
    entering.clear();

    const before = counts(listeners);
    expect(before).toMatchObject({ watched: 0, animations: 0, smoothScrolls: 0, resizeObservers: 0 });

    const { router, view } = renderSite("/about-us");
    await motionStarted("About us");
    const onAbout = counts(listeners);
    expect(onAbout.watched).toBeGreaterThan(0);
    expect(onAbout.animations).toBeGreaterThan(0);
    expect(onAbout.smoothScrolls).toBe(1);

    await act(() => router.navigate("/People"));
    await motionStarted("Our people");
    const onPeople = counts(listeners);

    for (let visit = 0; visit < 4; visit++) {
      await act(() => router.navigate("/about-us"));
      await motionStarted("About us");
      expect(counts(listeners)).toEqual(onAbout);
      await act(() => router.navigate("/People"));
      await motionStarted("Our people");
      expect(counts(listeners)).toEqual(onPeople);
    }

    view.unmount();
    router.dispose();
    expect(counts(listeners)).toEqual(before);
    expect(html).not.toHaveAttribute("data-motion");
    expect(html.className).not.toMatch(/lenis/);
  });
});
