/**
 * While a page starts, its sections off screen skip their style, layout and paint
 * (`content-visibility: auto` in src/styles/global.css and src/chrome/footer.css): on a phone
 * these were most of the main thread's work around the first paint. Skipped sections stay in the
 * page for find-in-page, links and screen readers, but a tool that reads the rendered page cannot
 * see their colours: axe's contrast check then reports text on a background it cannot find
 * (dequelabs/axe-core#2768), and auditors run such tools on this site. So once the app is ready,
 * every section is shown for good, top down, one per task: each step lays out one section, a
 * short task a tap can come between. At the end <html> gets SECTIONS_SHOWN_ATTRIBUTE, which ends
 * the skipping for the footer and for pages reached later.
 */

/** On <html> once every section of the first page has been shown (the stylesheets' skipping rule names it). */
const SECTIONS_SHOWN_ATTRIBUTE = "data-sections-shown";

export function showSectionsOneByOne(root: Document = document): void {
  const html = root.documentElement;
  if (html.hasAttribute(SECTIONS_SHOWN_ATTRIBUTE)) return;
  const done = () => html.setAttribute(SECTIONS_SHOWN_ATTRIBUTE, "");
  // Without constructable stylesheets (older browsers), all at once.
  if (typeof CSSStyleSheet === "undefined" || !("replaceSync" in CSSStyleSheet.prototype) || !Array.isArray(root.adoptedStyleSheets)) return done();
  const sections = [...root.querySelectorAll<HTMLElement>("main > section")];
  const sheet = new CSSStyleSheet();
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  // A message, not a timer: the steps follow one another as tasks, and a page whose timers are
  // held (a test's paused clock) is still shown whole.
  const channel = new MessageChannel();
  let shown = 0;
  channel.port1.onmessage = () => {
    const section = sections[shown];
    if (!section) {
      done();
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
      channel.port1.close();
      return;
    }
    shown += 1;
    // Outranks the skipping rule; the sections are the <section> elements of <main>, in order.
    sheet.replaceSync(`:root main > section.section:nth-of-type(-n + ${String(shown)}) { content-visibility: visible; }`);
    // Laid out now, in this task, rather than all together in the next frame.
    section.getBoundingClientRect();
    channel.port2.postMessage(null);
  };
  channel.port2.postMessage(null);
}
