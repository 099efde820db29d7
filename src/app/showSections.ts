/**
 * While a page starts, its sections off screen and the footer skip their style, layout and paint
 * (`content-visibility: auto` in src/styles/global.css and src/chrome/footer.css): on a phone these
 * were most of the main thread's work around the first paint. Skipped sections stay in the page for
 * find-in-page, links and screen readers, but their real size is not known (the body height SPEC 3
 * saves would be an estimate), and a tool that reads the rendered page cannot see their colours:
 * axe's contrast check then reports text on a background it cannot find (dequelabs/axe-core#2768),
 * and auditors run such tools on this site. So once the app is ready, every section is shown for
 * good, top down, one at a time when the browser is idle: each step marks one section shown, and
 * the browser lays it out in its next frame (no layout is read here: reading it would force that
 * work into this task). A step is one section's first rendering, which on a phone is a few tens of
 * milliseconds; all of them at once were a task of 400 ms and more (issue 48). At the end <html>
 * gets SECTIONS_SHOWN_ATTRIBUTE, which ends the skipping for pages reached later.
 */

/** On <html> once every section of the first page has been shown (the stylesheets' skipping rule names it). */
const SECTIONS_SHOWN_ATTRIBUTE = "data-sections-shown";

/** What the stylesheets skip while the page starts, in document order: the page's sections, then the footer. */
const skippedWhileStarting = "main > section.section, .site-footer";

type Schedule = (run: () => void) => void;

/** When the browser is next idle, after the frame that renders the step before (a timer where there is no idle callback). */
const whenIdle: Schedule = (run) => {
  requestAnimationFrame(() => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 500 });
    else setTimeout(run, 0);
  });
};

let showRest: (() => void) | null = null;

export function showSectionsOneByOne(root: Document = document, schedule: Schedule = whenIdle): void {
  const html = root.documentElement;
  if (html.hasAttribute(SECTIONS_SHOWN_ATTRIBUTE) || showRest) return;
  const pending = [...root.querySelectorAll<HTMLElement>(skippedWhileStarting)];
  const show = (element: HTMLElement) => element.style.setProperty("content-visibility", "visible");
  const finish = () => {
    showRest = null;
    html.setAttribute(SECTIONS_SHOWN_ATTRIBUTE, "");
  };
  showRest = () => {
    for (const element of pending.splice(0)) show(element);
    finish();
  };
  const step = () => {
    if (!showRest) return;
    const next = pending.shift();
    if (!next) return finish();
    show(next);
    schedule(step);
  };
  schedule(step);
}

/** Every section shown now, in this task (their layout comes with the next read): before the page's real height is read (SPEC 3's body height). */
export function showAllSectionsNow(): void {
  showRest?.();
}
