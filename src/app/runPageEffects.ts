/**
 * The effects of a page on screen (SPEC 3, 4), started after its first paint by PageEffects:
 * motion where the device can use it, paused while the consent panel is open; the layout
 * refresh timers of the pages whose layout asks for them; the body height, saved 8 s after
 * load; the reload on a change of width. Each returns its stop; stopping the page stops them
 * all, timers and listeners included.
 */
import { useConsentPanel } from "../chrome/consent/consentPanel.ts";
import { MAIN_CONTENT_ID } from "../chrome/SkipLink.tsx";
import { hasMotion, motionDevice } from "../motion/device.ts";
import { loadMotion, type MotionController } from "../motion/load.ts";
import type { LayoutSettings } from "../runtime/layoutSettings.ts";
import { CONTENT_ID_PREFIX } from "../ui/contentIds.ts";
import { storedKeys, writeStored } from "../ui/storedValues.ts";
import { reloadOnWidthChange } from "./reloadOnWidthChange.ts";
import { showAllSectionsNow } from "./showSections.ts";

export const pageTimings = {
  /** SPEC 3 / 9: the body height is saved this long after the page shows. */
  bodyHeightAfterMs: 8000,
  /** SPEC 4: the layout refresh timers, after the page shows. */
  refreshAfterMs: [100, 1000, 2000, 3000],
} as const;

type Stop = () => void;

/** Runs `run` `delayMs` after `since` (a performance.now() time), however late the timer is set. */
function after(since: number, delayMs: number, run: () => void): Stop {
  const timer = setTimeout(run, Math.max(0, delayMs - (performance.now() - since)));
  return () => clearTimeout(timer);
}

/** SPEC 3: the body's height, in whole CSS pixels, under `bodyHeight`. */
export function saveBodyHeightLater(shownAt: number): Stop {
  return after(shownAt, pageTimings.bodyHeightAfterMs, () => {
    // A section still skipping its rendering has an estimated height, not its own (./showSections.ts).
    showAllSectionsNow();
    writeStored(storedKeys.bodyHeight, String(Math.round(document.body.getBoundingClientRect().height)));
  });
}

/**
 * Motion for the page in `root`, if this device gets any (motionDevice). Until its code has
 * arrived the page is simply static; if the code never arrives, it stays static.
 */
export function startPageMotion(root: HTMLElement, settings: LayoutSettings, shownAt: number): Stop {
  const device = motionDevice(window);
  if (!hasMotion(device)) return () => undefined;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let stopped = false;
  let controller: MotionController | null = null;
  const end = () => {
    controller?.destroy();
    controller = null;
  };

  loadMotion(root, device).then(
    (started) => {
      if (stopped || reducedMotion.matches) {
        started.destroy();
        return;
      }
      controller = started;
      if (useConsentPanel.getState().open) started.pause();
    },
    (error: unknown) => console.error("motion could not be loaded; the page stays as it is:", error),
  );

  // SPEC 4 "Consent panel buttons": the scroll animation pauses while the consent banner or preferences show.
  const unsubscribe = useConsentPanel.subscribe(({ open }) => (open ? controller?.pause() : controller?.resume()));
  // A visitor who asks for reduced motion while reading gets a still page at once.
  const onPreference = () => {
    if (reducedMotion.matches) end();
  };
  reducedMotion.addEventListener("change", onPreference);
  const timers = settings.refreshAfterLoad ? pageTimings.refreshAfterMs.map((delay) => after(shownAt, delay, () => controller?.refresh())) : [];

  return () => {
    stopped = true;
    for (const clear of timers) clear();
    unsubscribe();
    reducedMotion.removeEventListener("change", onPreference);
    end();
  };
}

/**
 * An address naming an element of content (`/about-us#team`, from outside the site): content's ids
 * are prefixed (src/ui/sanitize.ts), so the browser finds no `team`; the content's own
 * `user-content-team` is scrolled to instead, on arrival and when the fragment changes.
 */
export function revealContentFragment(): Stop {
  const reveal = () => {
    let id = window.location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape is looked up as written.
    }
    if (id === "" || document.getElementById(id)) return;
    document.getElementById(`${CONTENT_ID_PREFIX}${id}`)?.scrollIntoView();
  };
  reveal();
  window.addEventListener("hashchange", reveal);
  return () => window.removeEventListener("hashchange", reveal);
}

/** The performance mark set when a page's effects have started: the device's motion is decided, and its code asked for (the motion tests wait for it). */
export const PAGE_EFFECTS_MARK = "site:page-effects";

export function startPageEffects({ settings, shownAt }: { settings: LayoutSettings; shownAt: number }): Stop {
  const root = document.getElementById(MAIN_CONTENT_ID);
  const stops = [saveBodyHeightLater(shownAt), reloadOnWidthChange(), revealContentFragment(), root ? startPageMotion(root, settings, shownAt) : () => undefined];
  performance.mark(PAGE_EFFECTS_MARK);
  return () => {
    for (const stop of stops) stop();
  };
}
