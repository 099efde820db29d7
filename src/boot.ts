/**
 * The script of a server-rendered page (src/ssr/document.ts puts it in place of index.html's).
 * The HTML already shows the whole page, so the app's code (about 150 kB over some 35 files) is
 * asked for once the page has loaded (at most 3 s after it is parsed): until then the first
 * screen's HTML, styles and images have the connection to themselves. Then the entry's files and the above-the-fold blocks' files
 * (listed by the server in data-modulepreload) are requested at once, and the entry
 * (data-entry, index.html's own script) hydrates the page. The plain single-page build has no
 * server and loads its entry from index.html directly.
 */
const sameOrigin = (href: string | undefined): href is string => href !== undefined && href.startsWith("/") && !href.startsWith("//");

let started = false;

function start() {
  if (started) return;
  started = true;
  const script = document.querySelector<HTMLScriptElement>("script[data-entry]");
  const entry = script?.dataset.entry;
  if (!sameOrigin(entry)) return;
  for (const href of script?.dataset.modulepreload?.split(" ") ?? []) {
    if (!sameOrigin(href)) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  // The styles the server wrote into the page, as disabled links (never fetched): Vite's loader,
  // finding a stylesheet link for a block's CSS, does not fetch and apply it a second time.
  for (const style of document.querySelectorAll<HTMLStyleElement>("style[data-href]")) {
    const href = style.dataset.href;
    if (!sameOrigin(href)) continue;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.disabled = true;
    link.href = href;
    document.head.append(link);
  }
  // A failed load leaves the server's page as it is: readable, its links working.
  import(/* @vite-ignore */ entry).catch((error: unknown) => console.error("the page's code could not be loaded:", error));
}

// At most 3 s after the document (a module script runs once it is parsed): a slow image must not hold the page's interactivity.
const maxWaitMs = 3000;
if (document.readyState === "complete") start();
else {
  window.addEventListener("load", start, { once: true });
  setTimeout(start, maxWaitMs);
}

// An ES module (a build entry of its own), though it exports nothing.
export {};
