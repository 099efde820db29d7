import type Lenis from "lenis";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeAnimations } from "../../tests/animations.ts";
import { FakeIntersectionObserver } from "../../tests/intersection.ts";
import { fakeScreen, type FakeScreen } from "../../tests/screen.ts";
import { noMotion, smoothScrollSeconds, type MotionDevice } from "./device.ts";
import { edgeShift } from "./edges.ts";
import { motionAttribute, startMotion, type MotionController } from "./engine.ts";

const viewport = { width: 1440, height: 900 };

const desktop: MotionDevice = { panels: true, sections: true, smoothScroll: true, edges: false };

let screen: FakeScreen;
let motion: MotionController | undefined;
let main: HTMLElement;

let animations = fakeAnimations();
const running = () => animations.running();

/** The offset an entrance starts from: its first keyframe's opacity and translation. */
function startOf(element: Element) {
  const first = animations.played.find((animation) => animation.element === element)?.keyframes[0];
  const [, x = "0", y = "0"] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(String(first?.transform)) ?? [];
  return { opacity: Number(first?.opacity), x: Number(x), y: Number(y) };
}

beforeEach(() => {
  animations = fakeAnimations();
  animations.install();
  FakeIntersectionObserver.all = [];
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  screen = fakeScreen(viewport);
  main = document.body.appendChild(document.createElement("main"));
});
afterEach(() => {
  motion?.destroy();
  motion = undefined;
  screen.restore();
  vi.unstubAllGlobals();
  animations.restore();
  document.body.replaceChildren();
});

/** Where the layout put an element, relative to the viewport (jsdom lays nothing out). */
function placeAt(element: Element, top: number, height = 400) {
  vi.spyOn(element, "getBoundingClientRect").mockImplementation(() => ({ top, bottom: top + height, height, left: 0, right: 1200, width: 1200, x: 0, y: top, toJSON: () => ({}) }));
}

/** A block's section (src/ui/Section.tsx) at `top`. */
function section(top: number): { section: HTMLElement; content: HTMLElement } {
  const element = document.createElement("section");
  element.className = "section";
  const content = element.appendChild(document.createElement("div"));
  content.className = "container";
  content.textContent = "Section text";
  main.append(element);
  placeAt(element, top);
  return { section: element, content };
}

function panel(top: number, direction: "Left" | "Right") {
  const element = document.createElement("article");
  element.className = "panel";
  element.dataset.direction = direction;
  const image = element.appendChild(document.createElement("img"));
  image.className = "panel__image";
  const body = element.appendChild(document.createElement("div"));
  body.className = "panel__body";
  main.append(element);
  placeAt(element, top);
  return { panel: element, image, body };
}

const watched = (element: Element) => FakeIntersectionObserver.watching(element);

/** The visitor scrolls until `element`'s top is at `top`, and the browser reports it in view. */
function enter(element: Element, top: number) {
  placeAt(element, top);
  if (!watched(element)) throw new Error("this element is not watched");
  FakeIntersectionObserver.come(element);
}

const finishAnimations = () => animations.finishAll();
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe("scroll-triggered animations", () => {
  it("say what runs on <html>, and take it away when destroyed", () => {
    motion = startMotion(main, desktop, null);
    expect(document.documentElement.getAttribute(motionAttribute)).toBe("panels sections smoothScroll");
    motion.destroy();
    expect(document.documentElement.hasAttribute(motionAttribute)).toBe(false);
  });

  it("never touch a section already in view: it is simply there", () => {
    const { section: inView, content } = section(300);
    motion = startMotion(main, desktop, null);
    expect(watched(inView)).toBe(false);
    expect(content.getAttribute("style")).toBeNull();
    expect(animations.played).toHaveLength(0);
  });

  it("raise a section below the fold into view as it enters, from its visible state, and leave no style behind", () => {
    const { section: below, content } = section(1500);
    motion = startMotion(main, desktop, null);
    // Waiting below the fold, it is not hidden: a page whose animation never runs shows everything.
    expect(content.getAttribute("style")).toBeNull();
    enter(below, viewport.height - 40);
    expect(startOf(content).opacity).toBeLessThan(1);
    expect(startOf(content).y).toBeGreaterThan(0);
    expect(animations.played[0]?.keyframes.at(-1)).toEqual({ opacity: 1, transform: "none" });
    // Once: it does not play again as the visitor scrolls back and forth.
    expect(watched(below)).toBe(false);
    finishAnimations();
    expect(content.getAttribute("style") ?? "").not.toMatch(/opacity|transform/);
  });

  it("show a section jumped to (End key, an anchor, focus) at once, without animating it", () => {
    const { section: below, content } = section(2500);
    motion = startMotion(main, desktop, null);
    enter(below, 200);
    expect(content.getAttribute("style")).toBeNull();
    expect(animations.played).toHaveLength(0);
  });

  it("pick up sections and panels of blocks that mount later", async () => {
    motion = startMotion(main, desktop, null);
    const late = section(2000);
    const latePanel = panel(2600, "Left");
    await nextFrame();
    expect(watched(late.section)).toBe(true);
    expect(watched(latePanel.panel)).toBe(true);
  });

  it("slide a panel's image in from its own side and its text from the other (SPEC 2.3 item 8)", () => {
    const left = panel(1200, "Left");
    const right = panel(1800, "Right");
    motion = startMotion(main, desktop, null);
    enter(left.panel, viewport.height - 10);
    enter(right.panel, viewport.height - 10);
    expect(startOf(left.image).x).toBeLessThan(0);
    expect(startOf(left.body).x).toBeGreaterThan(0);
    expect(startOf(right.image).x).toBeGreaterThan(0);
    expect(startOf(right.body).x).toBeLessThan(0);
    finishAnimations();
    for (const element of [left.image, left.body, right.image, right.body]) expect(element.getAttribute("style") ?? "").not.toMatch(/opacity|transform/);
  });

  it("between 760 and 1022 px animate panels only", () => {
    const { section: below } = section(1500);
    const { panel: belowPanel } = panel(2200, "Right");
    motion = startMotion(main, { ...noMotion, panels: true }, null);
    expect(watched(below)).toBe(false);
    expect(watched(belowPanel)).toBe(true);
  });
});

describe("wide screens (> 2560 px): the top and bottom scroll effects", () => {
  const wide: MotionDevice = { ...desktop, edges: true };

  it("lower a section at the bottom edge, leave it in place in between, and clear every transform when destroyed", async () => {
    const atBottom = section(viewport.height - 5);
    const inMiddle = section(300);
    motion = startMotion(main, wide, null);
    const [, y = "0"] = /translateY\((-?[\d.]+)px\)/.exec(atBottom.content.style.transform) ?? [];
    expect(Number(y)).toBeCloseTo(edgeShift, -1);
    expect(inMiddle.content.style.transform).toBe("");
    // The visitor scrolls: the section rises into its place and is left untransformed there.
    placeAt(atBottom.section, 300);
    window.dispatchEvent(new Event("scroll"));
    await nextFrame();
    expect(atBottom.content.style.transform).toBe("");
    expect(atBottom.content.style.opacity).toBe("");
    placeAt(atBottom.section, viewport.height - 5);
    motion.refresh();
    expect(atBottom.content.style.transform).not.toBe("");
    motion.destroy();
    motion = undefined;
    expect(atBottom.content.style.transform).toBe("");
  });
});

describe("smooth scrolling", () => {
  function fakeLenis() {
    const made: { destroyed: boolean; scrollTo: ReturnType<typeof vi.fn>; isScrolling: false | "smooth" }[] = [];
    const factory = vi.fn((duration: number) => {
      expect(duration).toBe(smoothScrollSeconds);
      const lenis = { destroyed: false, isScrolling: false as false | "smooth", actualScroll: 420, on: vi.fn(), raf: vi.fn(), resize: vi.fn(), scrollTo: vi.fn(), destroy: () => (lenis.destroyed = true) };
      made.push(lenis);
      return lenis as unknown as Lenis;
    });
    return { factory, made };
  }

  it("runs with the motion, for 2 s glides, and is gone when the motion ends", () => {
    const { factory, made } = fakeLenis();
    motion = startMotion(main, desktop, factory);
    expect(made).toHaveLength(1);
    motion.destroy();
    motion = undefined;
    expect(made[0]?.destroyed).toBe(true);
  });

  it("paused, is gone (the page scrolls natively, it is not locked); resumed, glides again", () => {
    const { factory, made } = fakeLenis();
    motion = startMotion(main, desktop, factory);
    motion.pause();
    expect(made[0]?.destroyed).toBe(true);
    motion.pause();
    motion.resume();
    expect(made).toHaveLength(2);
    expect(made[1]?.destroyed).toBe(false);
    motion.resume();
    expect(made).toHaveLength(2);
  });

  it("lets a key press or a focus move end a glide, so the keyboard and focus scrolling win", () => {
    const { factory, made } = fakeLenis();
    motion = startMotion(main, desktop, factory);
    const lenis = made[0];
    if (!lenis) throw new Error("no smooth scroll");
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown" }));
    expect(lenis.scrollTo).not.toHaveBeenCalled();
    lenis.isScrolling = "smooth";
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    expect(lenis.scrollTo).toHaveBeenCalledWith(420, { immediate: true, force: true });
    window.dispatchEvent(new FocusEvent("focusin"));
    expect(lenis.scrollTo).toHaveBeenCalledTimes(2);
  });
});

describe("destroy", () => {
  it("leaves no animation, inline style or observer behind", async () => {
    const below = section(1500);
    const { panel: belowPanel, image } = panel(2200, "Left");
    motion = startMotion(main, desktop, null);
    enter(below.section, viewport.height - 20);
    enter(belowPanel, viewport.height - 20);
    const waiting = panel(3200, "Right");
    expect(running().length).toBeGreaterThan(0);
    motion.destroy();
    motion = undefined;
    expect(running()).toHaveLength(0);
    expect(animations.played.every((animation) => animation.state === "cancelled")).toBe(true);
    await nextFrame();
    expect(watched(waiting.panel)).toBe(false);
    expect(below.content.getAttribute("style") ?? "").not.toMatch(/opacity|transform/);
    expect(image.getAttribute("style") ?? "").not.toMatch(/opacity|transform/);
    const late = section(3000);
    await nextFrame();
    expect(watched(late.section)).toBe(false);
  });
});
