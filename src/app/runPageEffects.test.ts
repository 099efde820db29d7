import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeScreen, type FakeScreen } from "../../tests/screen.ts";
import { useConsentPanel } from "../chrome/consent/consentPanel.ts";
import type { MotionDevice } from "../motion/device.ts";
import type { MotionController } from "../motion/load.ts";
import { defaultLayoutSettings, type LayoutSettings } from "../runtime/layoutSettings.ts";
import { pageTimings, revealContentFragment, saveBodyHeightLater, startPageEffects, startPageMotion } from "./runPageEffects.ts";

/** The motion engine stands in for itself: what matters here is when the page starts, refreshes, pauses and ends it. */
const engine = vi.hoisted(() => ({
  loads: [] as { device: MotionDevice; resolve: () => void; reject: (error: Error) => void }[],
  controllers: [] as { refresh: ReturnType<typeof vi.fn>; pause: ReturnType<typeof vi.fn>; resume: ReturnType<typeof vi.fn>; destroy: ReturnType<typeof vi.fn> }[],
}));
vi.mock("../motion/load.ts", () => ({
  loadMotion: (_root: HTMLElement, device: MotionDevice) =>
    new Promise<MotionController>((resolve, reject) => {
      const controller = { refresh: vi.fn(), pause: vi.fn(), resume: vi.fn(), destroy: vi.fn() };
      engine.loads.push({ device, resolve: () => resolve(controller), reject });
      engine.controllers.push(controller);
    }),
}));

let screen: FakeScreen;
let stops: (() => void)[] = [];
const root = () => document.body.appendChild(document.createElement("main"));
const motionFor = (settings: LayoutSettings, shownAt = performance.now()) => {
  const stop = startPageMotion(root(), settings, shownAt);
  stops.push(stop);
  return stop;
};
/** Lets the engine's code "arrive". */
const arrive = async (index = 0) => {
  engine.loads[index]?.resolve();
  await vi.advanceTimersByTimeAsync(0);
};
const controller = (index = 0) => {
  const found = engine.controllers[index];
  if (!found) throw new Error("motion was never loaded");
  return found;
};

beforeEach(() => {
  vi.useFakeTimers();
  engine.loads.length = 0;
  engine.controllers.length = 0;
  screen = fakeScreen({ width: 1440 });
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  useConsentPanel.setState({ open: false });
  screen.restore();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("the body height (SPEC 3)", () => {
  const stubHeight = (height: number) => vi.spyOn(document.body, "getBoundingClientRect").mockReturnValue({ height } as DOMRect);

  it("is saved under bodyHeight 8 s after the page shows, not before", () => {
    stubHeight(5321.4);
    stops.push(saveBodyHeightLater(performance.now()));
    vi.advanceTimersByTime(pageTimings.bodyHeightAfterMs - 1);
    expect(window.localStorage.getItem("bodyHeight")).toBeNull();
    vi.advanceTimersByTime(1);
    expect(window.localStorage.getItem("bodyHeight")).toBe("5321");
  });

  it("counts from when the page showed, however late the timer is set", () => {
    stubHeight(1200);
    const shownAt = performance.now();
    vi.advanceTimersByTime(3000);
    stops.push(saveBodyHeightLater(shownAt));
    vi.advanceTimersByTime(4999);
    expect(window.localStorage.getItem("bodyHeight")).toBeNull();
    vi.advanceTimersByTime(1);
    expect(window.localStorage.getItem("bodyHeight")).toBe("1200");
  });

  it("is not saved for a page left within 8 s", () => {
    stubHeight(900);
    const stop = saveBodyHeightLater(performance.now());
    vi.advanceTimersByTime(5000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(window.localStorage.getItem("bodyHeight")).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("motion on a page", () => {
  it("is not even downloaded on a phone or for a visitor who prefers reduced motion", () => {
    screen.restore();
    screen = fakeScreen({ width: 375, touch: true });
    motionFor(defaultLayoutSettings);
    screen.restore();
    screen = fakeScreen({ width: 1440, reducedMotion: true });
    motionFor(defaultLayoutSettings);
    expect(engine.loads).toHaveLength(0);
  });

  it("is downloaded for what the device can use", async () => {
    motionFor(defaultLayoutSettings);
    await arrive();
    expect(engine.loads[0]?.device).toEqual({ panels: true, sections: true, smoothScroll: true, edges: false });
  });

  it("runs the layout refresh timers 100 ms, 1 s, 2 s and 3 s after the page shows, when its layout asks (SPEC 4)", async () => {
    motionFor({ ...defaultLayoutSettings, refreshAfterLoad: true });
    await arrive();
    const { refresh } = controller();
    const at = (ms: number) => vi.advanceTimersByTimeAsync(ms);
    await at(99);
    expect(refresh).toHaveBeenCalledTimes(0);
    await at(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await at(899);
    expect(refresh).toHaveBeenCalledTimes(1);
    await at(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await at(1000);
    expect(refresh).toHaveBeenCalledTimes(3);
    await at(1000);
    expect(refresh).toHaveBeenCalledTimes(4);
    await at(60_000);
    expect(refresh).toHaveBeenCalledTimes(4);
  });

  it("runs no refresh timers on a page whose layout does not ask for them", async () => {
    motionFor(defaultLayoutSettings);
    await arrive();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(controller().refresh).not.toHaveBeenCalled();
  });

  it("cancels the refresh timers that have not run when the page goes", async () => {
    const stop = motionFor({ ...defaultLayoutSettings, refreshAfterLoad: true });
    await arrive();
    await vi.advanceTimersByTimeAsync(1500);
    expect(controller().refresh).toHaveBeenCalledTimes(2);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(controller().refresh).toHaveBeenCalledTimes(2);
    expect(controller().destroy).toHaveBeenCalledTimes(1);
  });

  it("pauses smooth scrolling while the consent panel is open and resumes it when it closes (SPEC 4)", async () => {
    motionFor(defaultLayoutSettings);
    await arrive();
    const { pause, resume } = controller();
    useConsentPanel.setState({ open: true });
    expect(pause).toHaveBeenCalledTimes(1);
    expect(resume).not.toHaveBeenCalled();
    useConsentPanel.setState({ open: false });
    expect(resume).toHaveBeenCalledTimes(1);
  });

  it("starts paused when the consent banner is already open as motion arrives", async () => {
    useConsentPanel.setState({ open: true });
    motionFor(defaultLayoutSettings);
    await arrive();
    expect(controller().pause).toHaveBeenCalledTimes(1);
    useConsentPanel.setState({ open: false });
    expect(controller().resume).toHaveBeenCalledTimes(1);
  });

  it("stops listening to the consent panel when the page goes", async () => {
    const stop = motionFor(defaultLayoutSettings);
    await arrive();
    stop();
    useConsentPanel.setState({ open: true });
    expect(controller().pause).not.toHaveBeenCalled();
  });

  it("ends at once when the visitor turns on reduced motion while reading", async () => {
    const stop = motionFor(defaultLayoutSettings);
    await arrive();
    expect(screen.listenerCount()).toBe(1);
    screen.setReducedMotion(true);
    expect(controller().destroy).toHaveBeenCalledTimes(1);
    stop();
    expect(controller().destroy).toHaveBeenCalledTimes(1);
    expect(screen.listenerCount()).toBe(0);
  });

  it("is ended as it arrives when the page has already gone", async () => {
    const stop = motionFor(defaultLayoutSettings);
    stop();
    await arrive();
    expect(controller().destroy).toHaveBeenCalledTimes(1);
  });

  it("leaves the page as it is when its code cannot be loaded", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    motionFor({ ...defaultLayoutSettings, refreshAfterLoad: true });
    engine.loads[0]?.reject(new Error("chunk failed"));
    await vi.advanceTimersByTimeAsync(5000);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("motion could not be loaded"), expect.any(Error));
  });
});

describe("all the page's effects together", () => {
  it("leave no timer and no listener behind when the page goes", async () => {
    const listening = new Set<EventListenerOrEventListenerObject>();
    vi.spyOn(window, "addEventListener").mockImplementation(function (this: Window, _type: string, listener: EventListenerOrEventListenerObject | null) {
      if (listener) listening.add(listener);
    });
    vi.spyOn(window, "removeEventListener").mockImplementation(function (this: Window, _type: string, listener: EventListenerOrEventListenerObject | null) {
      if (listener) listening.delete(listener);
    });
    document.body.append(Object.assign(document.createElement("main"), { id: "main-content" }));
    const stop = startPageEffects({ settings: { ...defaultLayoutSettings, refreshAfterLoad: true }, shownAt: performance.now() });
    await arrive();
    expect(vi.getTimerCount()).toBe(5);
    // The reload on a change of width, and a content fragment in the address.
    expect(listening.size).toBe(2);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(listening.size).toBe(0);
    expect(screen.listenerCount()).toBe(0);
    expect(controller().destroy).toHaveBeenCalledTimes(1);
  });
});

describe("an address naming an element of content", () => {
  it("scrolls to content's prefixed element on arrival and when the fragment changes, and leaves the page's own ids to the browser", () => {
    document.body.innerHTML = '<main id="main-content"><h2 id="user-content-team">Team</h2><h2 id="user-content-café">Café</h2></main>';
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView.
    Object.defineProperty(HTMLElement.prototype, "scrollIntoView", {
      configurable: true,
      value(this: HTMLElement) {
        scrolled.push(this.id);
      },
    });
    stops.push(() => Reflect.deleteProperty(HTMLElement.prototype, "scrollIntoView"));
    window.history.replaceState(null, "", "#team");
    const stop = revealContentFragment();
    expect(scrolled).toEqual(["user-content-team"]);
    window.history.replaceState(null, "", "#caf%C3%A9");
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    window.history.replaceState(null, "", "#main-content");
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    expect(scrolled).toEqual(["user-content-team", "user-content-café"]);
    stop();
    window.history.replaceState(null, "", "#team");
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    expect(scrolled).toHaveLength(2);
    window.history.replaceState(null, "", "#");
  });
});
