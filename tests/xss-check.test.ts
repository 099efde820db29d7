/** The XSS check itself: structured data passes only while it is inert JSON; any other script is reported. */
import { describe, expect, it } from "vitest";
import { executableMarkup } from "./xss.ts";

const markup = (html: string) => {
  const root = document.createElement("div");
  root.innerHTML = html;
  return executableMarkup(root);
};

describe("executableMarkup", () => {
  it("lets structured data through while its text parses as JSON", () => {
    expect(markup('<script type="application/ld+json">{"@type":"BreadcrumbList","name":"\\u003c/script>"}</script>')).toEqual([]);
  });

  it.each([
    ["a script", "<script>alert(1)</script>"],
    ["structured data that is not JSON", '<script type="application/ld+json">alert(1)</script>'],
    ["structured data with a source", '<script type="application/ld+json" src="https://evil.example/x.js">{}</script>'],
    ["a module script", '<script type="module">{}</script>'],
  ])("reports %s", (_case, html) => {
    expect(markup(html)).toContain("<script>");
  });
});
