import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  document.head.replaceChildren();
  vi.resetModules();
});

it("preloads the listed same-origin files and never touches another origin", async () => {
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  document.head.innerHTML = `
    <script type="module" data-entry="/assets/missing-entry.js" data-modulepreload="/assets/missing-entry.js /assets/react.js //cdn.example/evil.js https://cdn.example/evil.js"></script>`;
  expect(document.readyState).toBe("complete");
  await import("./boot.ts");

  const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute("href"));
  expect(preloads).toEqual(["/assets/missing-entry.js", "/assets/react.js"]);
  // The entry cannot load here: the server's page stays as it is, with the failure reported.
  await vi.waitFor(() => expect(errors).toHaveBeenCalledWith("the page's code could not be loaded:", expect.anything()));
});

it("asks for the code as soon as the page is parsed, without waiting for its images (the window's load)", async () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
  document.head.innerHTML = `<script type="module" data-entry="/assets/missing-entry.js" data-modulepreload="/assets/missing-entry.js /assets/react.js"></script>`;
  await import("./boot.ts");
  expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2);
});

it("spreads many preloads over a few tasks, the entry's first, so no one task holds a slow phone", async () => {
  vi.useFakeTimers();
  try {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const files = Array.from({ length: 20 }, (_, i) => `/assets/file-${String(i)}.js`);
    document.head.innerHTML = `<script type="module" data-entry="/assets/file-0.js" data-modulepreload="${files.join(" ")}"></script>`;
    await import("./boot.ts");
    const preloaded = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute("href"));
    expect(preloaded()).toEqual(files.slice(0, 3));
    vi.advanceTimersToNextTimer();
    expect(preloaded()).toEqual(files.slice(0, 6));
    vi.runAllTimers();
    expect(preloaded()).toEqual(files);
  } finally {
    vi.useRealTimers();
  }
});

it("prefetches what hydrates after the shell once the code's own files are asked for: fetched, not run", async () => {
  vi.useFakeTimers();
  try {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    document.head.innerHTML = `<script type="module" data-entry="/assets/entry.js" data-modulepreload="/assets/entry.js /assets/react.js" data-prefetch="/assets/later.js https://cdn.example/evil.js /assets/Footer.js"></script>`;
    await import("./boot.ts");
    vi.runAllTimers();
    const hints = [...document.head.querySelectorAll<HTMLLinkElement>("link")].map((link) => [link.rel, link.getAttribute("href"), link.crossOrigin]);
    expect(hints).toEqual([
      ["modulepreload", "/assets/entry.js", ""],
      ["modulepreload", "/assets/react.js", ""],
      ["prefetch", "/assets/later.js", ""],
      ["prefetch", "/assets/Footer.js", ""],
    ]);
  } finally {
    vi.useRealTimers();
  }
});
