import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeScreen, type FakeScreen } from "../../tests/screen.ts";
import { reloadOnWidthChange, widthChangeDebounceMs } from "./reloadOnWidthChange.ts";

let screen: FakeScreen;
let stops: (() => void)[] = [];
let width = 1440;
let height = 900;

beforeEach(() => {
  vi.useFakeTimers();
  width = 1440;
  height = 900;
  screen = fakeScreen({ width });
  Object.defineProperty(window, "innerWidth", { configurable: true, get: () => width });
  Object.defineProperty(window, "innerHeight", { configurable: true, get: () => height });
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  screen.restore();
  vi.useRealTimers();
});

const watch = (reload: () => void) => {
  const stop = reloadOnWidthChange(reload);
  stops.push(stop);
  return stop;
};

const resizeTo = (w: number, h = height) => {
  width = w;
  height = h;
  window.dispatchEvent(new Event("resize"));
};

describe("a change of window width reloads the page (SPEC 4)", () => {
  it("reloads once, after the resizing has stopped", () => {
    const reload = vi.fn();
    watch(reload);
    // Dragging the window's edge: a stream of resize events.
    for (const w of [1400, 1350, 1300, 1250, 1200]) {
      resizeTo(w);
      vi.advanceTimersByTime(widthChangeDebounceMs - 50);
    }
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * widthChangeDebounceMs);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload when only the height changes (a mobile address bar, a taller window)", () => {
    const reload = vi.fn();
    watch(reload);
    resizeTo(1440, 700);
    resizeTo(1440, 960);
    vi.advanceTimersByTime(5 * widthChangeDebounceMs);
    expect(reload).not.toHaveBeenCalled();
  });

  it("does not reload for a resize that ends at the width the page was laid out for, nor on the first layout", () => {
    const reload = vi.fn();
    watch(reload);
    window.dispatchEvent(new Event("resize"));
    resizeTo(1000);
    resizeTo(1440);
    vi.advanceTimersByTime(5 * widthChangeDebounceMs);
    expect(reload).not.toHaveBeenCalled();
  });

  it("does not reload while the visitor has pinch-zoomed", () => {
    const reload = vi.fn();
    Object.defineProperty(window, "visualViewport", { configurable: true, value: { scale: 2 } });
    try {
      watch(reload);
      resizeTo(720);
      vi.advanceTimersByTime(widthChangeDebounceMs);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(window, "visualViewport");
    }
  });

  it("stops listening, and drops a pending reload, when the page goes", () => {
    const reload = vi.fn();
    const stop = watch(reload);
    resizeTo(1000);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    resizeTo(800);
    vi.advanceTimersByTime(5 * widthChangeDebounceMs);
    expect(reload).not.toHaveBeenCalled();
  });
});
