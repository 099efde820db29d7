import { describe, expect, it, vi } from "vitest";
import { JSDOM } from "jsdom";
import { provideServerWindow, type HtmlWindow } from "./htmlWindow.ts";
import { sanitizeHtml } from "./sanitize.ts";
import { formatDate, toPlainText } from "./text.ts";

describe("toPlainText", () => {
  it("keeps the text of markup and decodes entities", () => {
    expect(toPlainText("<em>Future</em> of <strong>work</strong> &amp; play")).toBe("Future of work & play");
  });

  it("never runs or loads anything while reading markup", () => {
    const before = document.querySelectorAll("img, script").length;
    expect(toPlainText('<img src=x onerror="window.__ran=1">Hi<script>window.__ran=1</script>')).toBe("Hi");
    expect(document.querySelectorAll("img, script").length).toBe(before);
    expect((window as unknown as { __ran?: number }).__ran).toBeUndefined();
  });
});

describe("reading content HTML, as the server does for every page", () => {
  // jsdom (the server's DOM) gives a document its selector engine on its first selector query, and
  // that engine adds listeners to the window that are never removed: a query per call made every
  // server render slower than the one before (an export of the fixture site took 66 s instead of 20 s).
  it("leaves nothing behind on the server's window, however often it runs", () => {
    const server = new JSDOM("<!doctype html>").window as unknown as HtmlWindow;
    provideServerWindow(server);
    const read = (i: number) => {
      expect(toPlainText(`<p>Item <em>${String(i)}</em></p><script>x</script>`)).toBe(`Item ${String(i)}`);
      expect(sanitizeHtml(`<p>Item <a href="/a">${String(i)}</a></p>`)).toContain(String(i));
    };
    try {
      // The first call sets up (DOMPurify queries the window's own document once).
      read(0);
      const added = vi.spyOn(server, "addEventListener");
      for (let i = 1; i <= 20; i++) read(i);
      expect(added).not.toHaveBeenCalled();
    } finally {
      provideServerWindow(undefined);
    }
  });
});

describe("content read again", () => {
  // The header renders again as the code takes its controls over, and a server renders the same
  // menus for every page: each label and snippet is parsed once, not at every render.
  it("is parsed once however often it is shown", () => {
    const parse = vi.spyOn(window.DOMParser.prototype, "parseFromString");
    try {
      const label = `<em>Label</em> ${String(Math.random())}`;
      for (let i = 0; i < 5; i++) expect(toPlainText(label)).toMatch(/^Label /);
      expect(parse).toHaveBeenCalledTimes(1);
      const snippet = `<p>Snippet <a href="/x" target="_blank">${String(Math.random())}</a></p>`;
      const first = sanitizeHtml(snippet);
      const parsesAfterFirst = parse.mock.calls.length;
      for (let i = 0; i < 5; i++) expect(sanitizeHtml(snippet)).toBe(first);
      expect(parse.mock.calls.length).toBe(parsesAfterFirst);
      expect(first).toContain('rel="noopener noreferrer"');
      // The answer depends on the holder: inline holders keep phrasing content only.
      expect(sanitizeHtml(snippet, { inline: true })).not.toContain("<p>");
    } finally {
      parse.mockRestore();
    }
  });
});

describe("formatDate", () => {
  it("shows Month day, year (SPEC 9)", () => {
    expect(formatDate("2026-03-14T00:00:00")).toBe("March 14, 2026");
    expect(formatDate("2025-12-01")).toBe("December 1, 2025");
  });

  it("shows nothing for missing or malformed dates", () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate("yesterday")).toBeNull();
    expect(formatDate("2026-13-01")).toBeNull();
  });
});
