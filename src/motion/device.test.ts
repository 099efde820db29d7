import { afterEach, describe, expect, it } from "vitest";
import { fakeScreen, type FakeScreen } from "../../tests/screen.ts";
import { hasMotion, motionDevice, noMotion } from "./device.ts";

let screen: FakeScreen | undefined;
afterEach(() => screen?.restore());

const deviceOf = (options: Parameters<typeof fakeScreen>[0]) => {
  screen?.restore();
  screen = fakeScreen(options);
  return motionDevice(window);
};

describe("which motion a device gets (SPEC 1, 2.3 item 8, 4, 9)", () => {
  it("a phone (375 px) gets none, so no motion code is downloaded", () => {
    const device = deviceOf({ width: 375, touch: true });
    expect(device).toEqual(noMotion);
    expect(hasMotion(device)).toBe(false);
  });

  it("from 760 px the panels slide in side by side; sections and smooth scrolling wait for desktop", () => {
    expect(deviceOf({ width: 759 })).toEqual(noMotion);
    expect(deviceOf({ width: 760 })).toEqual({ panels: true, sections: false, smoothScroll: false, edges: false });
    expect(deviceOf({ width: 1022 })).toEqual({ panels: true, sections: false, smoothScroll: false, edges: false });
  });

  it("from 1023 px without touch: smooth scrolling and the section animations", () => {
    expect(deviceOf({ width: 1023 })).toEqual({ panels: true, sections: true, smoothScroll: true, edges: false });
    expect(deviceOf({ width: 1440 })).toEqual({ panels: true, sections: true, smoothScroll: true, edges: false });
  });

  it("a touch screen, however wide, scrolls natively but still animates", () => {
    expect(deviceOf({ width: 1440, touch: true })).toEqual({ panels: true, sections: true, smoothScroll: false, edges: false });
  });

  it("only wider than 2560 px gets the top and bottom scroll effects", () => {
    expect(deviceOf({ width: 2560 }).edges).toBe(false);
    expect(deviceOf({ width: 2561 })).toEqual({ panels: true, sections: true, smoothScroll: true, edges: true });
  });

  it("prefers-reduced-motion: nothing at all, at any width", () => {
    for (const width of [375, 800, 1440, 2600]) expect(deviceOf({ width, reducedMotion: true })).toEqual(noMotion);
  });

  it("a browser without matchMedia gets none", () => {
    expect(motionDevice({ matchMedia: undefined as unknown as Window["matchMedia"], navigator: window.navigator })).toEqual(noMotion);
  });
});
