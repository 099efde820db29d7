/**
 * `npm run dev`'s page for a request that could not be answered (a layout with problems): shows
 * the error the page names in Vite's own error overlay, the one a module that fails to compile
 * gets. Loaded from the page tools/dev.ts writes, beside Vite's client, which defines the overlay.
 */
const text = document.getElementById("dev-error")?.textContent ?? "{}";
const error: unknown = JSON.parse(text);
await customElements.whenDefined("vite-error-overlay");
const Overlay = customElements.get("vite-error-overlay");
if (Overlay) document.body.append(new Overlay(error));

export {};
