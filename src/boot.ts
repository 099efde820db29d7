/**
 * The script of a server-rendered page (src/ssr/document.ts puts it in place of index.html's, as
 * an async module in the head: it runs as the head is parsed). It shows the first-visit cookie
 * question the server rendered when the cookie holds no choice, holds early taps at once, and
 * asks for the app's code as soon as the page has painted its first content (or the HTML is
 * parsed, if that comes first): the entry's files and the above-the-fold blocks' files (listed by
 * the server in data-modulepreload), then the entry (data-entry, index.html's own script)
 * hydrates the page once the HTML is parsed; what hydrates after the shell (data-prefetch) is
 * fetched meanwhile, at the lowest priority. On a slow phone the rest of a long page's HTML takes
 * most of a second to arrive and be parsed after the first paint: the code no longer waits for it
 * (issue 48), and never competes with what the first paint needs. Nothing waits for the page's
 * images (the window's `load`): on a slow phone that wait was seconds in which the page looked
 * finished and ignored the visitor; the header's controls and the forms work from the HTML
 * meanwhile (docs/first-paint.md). The plain single-page build has no server and loads its entry
 * from index.html directly. Written into every page, it is built as one file that imports nothing
 * (src/build/bootScriptPlugin.ts).
 */
import { asksConsentQuestion, consentQuestionAttribute } from "./chrome/consent/consentCookie.ts";

const sameOrigin = (href: string | undefined): href is string => href !== undefined && href.startsWith("/") && !href.startsWith("//");

/** Links appended per task: each modulepreload costs the main thread 1–2 ms on a slow phone (eight were a 13–27 ms task). */
const preloadsPerTask = 3;

interface Hint {
  href: string;
  rel: "modulepreload" | "prefetch";
}

function addHint({ href, rel }: Hint) {
  const link = document.createElement("link");
  link.rel = rel;
  // As the module scripts ask for them (CORS, same-origin credentials), so the browser uses what it fetched.
  link.crossOrigin = "";
  link.href = href;
  document.head.append(link);
}

/** Set on <html> by the app once every block has hydrated (src/app/App.tsx's APP_READY_ATTRIBUTE). */
const appReadyAttribute = "data-app-ready";
/** Set on <html> while taps wait for the code: the page shows that it heard them (src/styles/global.css). */
const tapsWaitingAttribute = "data-taps-waiting";

/**
 * A tap on one of the page's own buttons (type="button": without the code they do nothing) before
 * the app is ready is held, and replayed once it is: the hero's slide dots, a slider's arrows, the
 * footer's Cookie Settings would otherwise ignore the visitor for seconds on a slow phone. Held
 * before React sees it: once React listens, it drops a click on a part it has not hydrated yet.
 * Taps again on the same button while it has not answered are the one tap, not several.
 * Returns what lets them go unreplayed (the code did not load: the page stays as the HTML made it).
 */
function holdEarlyTaps(): () => void {
  const html = document.documentElement;
  const held: HTMLButtonElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || button.type !== "button" || button.disabled || !button.closest("#root")) return;
    // Not even src/runtime/hydrateNear.ts's listener beside this one: the tap is replayed once, from here.
    event.stopImmediatePropagation();
    if (held.at(-1) !== button) held.push(button);
    html.setAttribute(tapsWaitingAttribute, "");
  };
  const stopHolding = () => {
    document.removeEventListener("click", hold, true);
    html.removeAttribute(tapsWaitingAttribute);
    observer.disconnect();
  };
  const observer = new MutationObserver(() => {
    if (!html.hasAttribute(appReadyAttribute)) return;
    stopHolding();
    for (const button of held) if (button.isConnected && !button.disabled) button.click();
  });
  document.addEventListener("click", hold, true);
  observer.observe(html, { attributes: true, attributeFilter: [appReadyAttribute] });
  return stopHolding;
}

/**
 * Runs `start` once the page has painted its first content: the frame after the one that drew the
 * page's <main> (the browser reports the first contentful paint itself only some hundreds of
 * milliseconds later on a slow phone), or once the HTML is parsed if that comes first.
 */
function whenPaintedOrParsed(start: () => void) {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    document.removeEventListener("DOMContentLoaded", go);
    start();
  };
  const drawn = () => {
    if (started) return;
    if (document.querySelector("main")) requestAnimationFrame(go);
    else requestAnimationFrame(drawn);
  };
  if (document.readyState !== "loading") return go();
  document.addEventListener("DOMContentLoaded", go);
  requestAnimationFrame(drawn);
}

function start() {
  const script = document.querySelector<HTMLScriptElement>("script[data-entry]");
  const entry = script?.dataset.entry;
  if (!sameOrigin(entry)) return;
  const letTapsGo = holdEarlyTaps();
  whenPaintedOrParsed(() => loadTheCode(script, entry, letTapsGo));
}

function loadTheCode(script: HTMLScriptElement | null, entry: string, letTapsGo: () => void) {
  // The entry and its first files at once, the rest a few per task (the entry's own imports are
  // found by the browser as the entry arrives; the preloads spare the round trips of the chain).
  const files = (script?.dataset.modulepreload?.split(" ") ?? []).filter(sameOrigin);
  // What hydrates after the shell (the blocks below the fold, the footer): fetched into the
  // cache at the lowest priority, not compiled, so it is there when the app asks for it.
  const later = (script?.dataset.prefetch?.split(" ") ?? []).filter(sameOrigin);
  const hints: Hint[] = [...files.map((href): Hint => ({ href, rel: "modulepreload" })), ...later.map((href): Hint => ({ href, rel: "prefetch" }))];
  const add = (from: number) => hints.slice(from, from + preloadsPerTask).forEach(addHint);
  add(0);
  // A failed load leaves the server's page as it is: readable, its links working.
  import(/* @vite-ignore */ entry).catch((error: unknown) => {
    letTapsGo();
    console.error("the page's code could not be loaded:", error);
  });
  const rest = (from: number) => {
    if (from >= hints.length) return;
    add(from);
    setTimeout(() => rest(from + preloadsPerTask), 0);
  };
  setTimeout(() => rest(preloadsPerTask), 0);
}

/**
 * The first-visit cookie question, in the page the server rendered, shows with the first paint:
 * read here, as the head is parsed, from the cookie (src/chrome/consent/consentCookie.ts). Coming
 * with the app instead, it came over the page seconds after it on a slow phone.
 */
if (asksConsentQuestion()) document.documentElement.setAttribute(consentQuestionAttribute, "");
start();

// An ES module (a build entry of its own), though it exports nothing.
export {};
