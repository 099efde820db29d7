/**
 * A slow phone in Chromium, as Lighthouse's mobile settings describe it but applied in the
 * browser through the DevTools protocol (not simulated): slow 4G (562.5 ms round trip,
 * 1.47 Mbps down, 675 kbps up), the CPU 4 times slower, a 375 px touch screen. Used by the
 * end-to-end tests of the first paint (tests/e2e/first-paint.spec.ts) and by
 * `npm run bench:interactive`. It also records, in the page, when it first painted, when the
 * app said it was ready (`data-app-ready`) and when each header disclosure opened or closed.
 */
import type { BrowserContextOptions, CDPSession, Page } from "@playwright/test";

export const slowPhoneContext = {
  viewport: { width: 375, height: 667 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} satisfies BrowserContextOptions;

/** Lighthouse's mobile throttling (its "devtools" method's figures). */
export const slowPhoneThrottling = {
  latencyMs: 562.5,
  downloadKbps: 1474.56,
  uploadKbps: 675,
  cpuSlowdown: 4,
} as const;

/** Slow 4G on the page a DevTools session is attached to; call before navigating. */
export async function throttleNetwork(cdp: CDPSession): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: slowPhoneThrottling.latencyMs,
    downloadThroughput: (slowPhoneThrottling.downloadKbps * 1024) / 8,
    uploadThroughput: (slowPhoneThrottling.uploadKbps * 1024) / 8,
  });
}

/** The phone's slower CPU on the page a DevTools session is attached to. */
export async function throttleCpu(cdp: CDPSession): Promise<void> {
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowPhoneThrottling.cpuSlowdown });
}

/** Throttles the page's network and CPU; call before navigating. */
export async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await throttleNetwork(cdp);
  await throttleCpu(cdp);
}

/** What the page recorded, in milliseconds since navigation start. */
export interface PageTimes {
  firstPaint: number | null;
  appReady: number | null;
  /** When the chrome and the above-the-fold blocks had hydrated (src/app/start.tsx's performance mark). */
  shellHydrated: number | null;
  /** Each header <details> opening or closing, in order. */
  toggles: { at: number; open: boolean; what: string }[];
  /** Cumulative layout shift (shifts not caused by input), as Lighthouse counts it. */
  layoutShift: number;
  largestContentfulPaint: number | null;
}

declare global {
  interface Window {
    __pageTimes?: { appReady: number | null; toggles: PageTimes["toggles"]; layoutShift: number; largestContentfulPaint: number | null };
  }
}

/** Installs the recorders; call before navigating. */
export async function recordTimes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const times: NonNullable<Window["__pageTimes"]> = { appReady: null, toggles: [], layoutShift: 0, largestContentfulPaint: null };
    window.__pageTimes = times;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & { value?: number; hadRecentInput?: boolean };
        if (!shift.hadRecentInput) times.layoutShift += shift.value ?? 0;
      }
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) times.largestContentfulPaint = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new MutationObserver((changes) => {
      for (const change of changes) {
        const target = change.target;
        if (change.attributeName === "data-app-ready" && times.appReady === null) times.appReady = performance.now();
        if (change.attributeName === "open" && target instanceof HTMLDetailsElement && target.closest("header.site-header")) {
          times.toggles.push({ at: performance.now(), open: target.open, what: target.querySelector("summary")?.textContent.trim() ?? "" });
        }
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app-ready", "open"] });
  });
}

export function readTimes(page: Page): Promise<PageTimes> {
  return page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    appReady: window.__pageTimes?.appReady ?? null,
    // SHELL_HYDRATED_MARK of src/app/App.tsx (this runs in the page, where imports do not reach).
    shellHydrated: performance.getEntriesByName("site:shell-hydrated")[0]?.startTime ?? null,
    toggles: window.__pageTimes?.toggles ?? [],
    layoutShift: window.__pageTimes?.layoutShift ?? 0,
    largestContentfulPaint: window.__pageTimes?.largestContentfulPaint ?? null,
  }));
}
