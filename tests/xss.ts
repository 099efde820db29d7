/**
 * The public XSS payload corpus (tests/xss/payloads.txt: payloadbox/xss-payload-list, MIT,
 * 6,613 lines, vendored so tests never depend on files outside the repository) and the check
 * every content-showing test applies: nothing in the DOM that could run script.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

/** The corpus, one payload per line. */
export function xssPayloads(): string[] {
  // A path, not new URL("./…", import.meta.url): Vite rewrites that pattern into an asset address.
  return readFileSync(join(dirname(fileURLToPath(import.meta.url)), "xss", "payloads.txt"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
}

/**
 * Every n-th payload: DOMPurify under jsdom costs about 6 ms a call, so unit tests take a fixed
 * spread of the corpus; the end-to-end test runs every payload in real Chromium.
 */
export function xssSample(stride: number): string[] {
  return xssPayloads().filter((_, index) => index % stride === 0);
}

const urlAttributes = ["href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "srcdoc", "lowsrc", "dynsrc"];
/** A data: address is a document (and so can run script) where it navigates or embeds; in an image or a caption track it is inert. */
const navigating = (tag: string, name: string) => ["href", "action", "formaction", "xlink:href", "data", "srcdoc"].includes(name) || ["iframe", "frame", "embed", "object", "script"].includes(tag);

/** True when an attribute holds an address that would run script. */
export function isScriptUrl(tag: string, name: string, value: string): boolean {
  const compact = value.replace(/[\p{Cc}\s]/gu, "").toLowerCase();
  return /^(javascript|vbscript|livescript):/.test(compact) || (compact.startsWith("data:") && navigating(tag, name));
}

/**
 * The site's own forms (the contact form) carry this attribute. Content can produce neither
 * a form nor a data-* attribute (SafeHtml forbids both), so a marked form is never content's.
 */
export const siteFormAttribute = "data-site-form";

/**
 * Structured data (<script type="application/ld+json">) is a data block browsers never run;
 * it passes only while its whole text still parses as JSON, i.e. content could not break out of it.
 */
function isInertDataBlock(element: Element): boolean {
  if (element.tagName.toLowerCase() !== "script" || element.getAttribute("type") !== "application/ld+json" || element.attributes.length !== 1) return false;
  try {
    JSON.parse(element.textContent);
    return true;
  } catch {
    return false;
  }
}

/** Every way markup could run script: script elements, on* handlers, script: URLs, frames and their kin. */
export function executableMarkup(root: ParentNode): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll("*")) {
    const tag = element.tagName.toLowerCase();
    // The site's own forms post, without their code, to an address of the site itself (never another origin or a script URL).
    const action = element.getAttribute("action");
    const siteForm = tag === "form" && element.hasAttribute(siteFormAttribute) && (action === null || /^\/(?![/\\])/.test(action));
    if (["script", "iframe", "frame", "object", "embed", "base", "meta", "link", "form", "style"].includes(tag) && !siteForm && !isInertDataBlock(element)) found.push(`<${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on")) found.push(`${tag}[${name}]`);
      if (urlAttributes.includes(name) && isScriptUrl(tag, name, attribute.value)) {
        found.push(`${tag}[${name}=${attribute.value.slice(0, 40)}]`);
      }
      if (name === "style" && /expression\s*\(|javascript:/i.test(attribute.value)) found.push(`${tag}[style]`);
    }
  }
  return found;
}

export function expectNoExecutableMarkup(root: ParentNode, context = "") {
  expect(executableMarkup(root), context).toEqual([]);
}
