import { afterEach, describe, expect, it, vi } from "vitest";
import { consentCookieName, consentQuestionAttribute, pendingAnswer } from "./chrome/consent/consentCookie.ts";

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

describe("taps on the page's buttons before the code is ready", () => {
  afterEach(async () => {
    // The app is ready: whatever a test left held goes, so the next test starts with nothing held.
    document.documentElement.setAttribute("data-app-ready", "");
    await Promise.resolve();
    document.body.replaceChildren();
    document.documentElement.removeAttribute("data-app-ready");
  });

  /** The server's page: a button that does something only with the code, and what the code (React, at #root) hears. */
  async function serverPage() {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // An entry that never settles: the code is still on its way.
    vi.doMock("/assets/slow-entry.js", () => new Promise(() => undefined));
    document.head.innerHTML = `<script type="module" data-entry="/assets/slow-entry.js" data-modulepreload="/assets/slow-entry.js"></script>`;
    document.body.innerHTML = `<div id="root"><button type="button">Slide 3</button><form><button>Send</button></form></div><button type="button">Outside</button>`;
    const heard: string[] = [];
    document.getElementById("root")?.addEventListener("click", (event) => heard.push((event.target as HTMLElement).textContent));
    await import("./boot.ts");
    const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === name) ?? document.body;
    return { heard, button };
  }

  it("holds them, shows that they were heard, and replays them once the app is ready, repeated taps on one button as one", async () => {
    const { heard, button } = await serverPage();
    button("Slide 3").click();
    button("Slide 3").click();
    expect(heard).toEqual([]);
    expect(document.documentElement).toHaveAttribute("data-taps-waiting");

    document.documentElement.setAttribute("data-app-ready", "");
    await vi.waitFor(() => expect(heard).toEqual(["Slide 3"]));
    expect(document.documentElement).not.toHaveAttribute("data-taps-waiting");
    // From then on the app answers taps itself, at once.
    button("Slide 3").click();
    expect(heard).toEqual(["Slide 3", "Slide 3"]);
  });

  it("leaves alone what works without the code: a form's submit button, and what is not the app's", async () => {
    const { heard, button } = await serverPage();
    button("Send").addEventListener("click", (event) => event.preventDefault());
    button("Send").click();
    button("Outside").click();
    expect(heard).toEqual(["Send"]);
    expect(document.documentElement).not.toHaveAttribute("data-taps-waiting");
  });

  it("lets taps go when the code cannot load: the page stays as its HTML made it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    document.head.innerHTML = `<script type="module" data-entry="/assets/missing-entry.js" data-modulepreload="/assets/missing-entry.js"></script>`;
    document.body.innerHTML = `<div id="root"><button type="button">Slide 3</button></div>`;
    const heard: string[] = [];
    document.getElementById("root")?.addEventListener("click", () => heard.push("click"));
    await import("./boot.ts");
    await vi.waitFor(() => expect(console.error).toHaveBeenCalledWith("the page's code could not be loaded:", expect.anything()));
    document.querySelector("button")?.click();
    expect(heard).toEqual(["click"]);
    expect(document.documentElement).not.toHaveAttribute("data-taps-waiting");
  });
});

describe("the first-visit cookie question in the server's page", () => {
  const asked = () => document.documentElement.hasAttribute(consentQuestionAttribute);
  afterEach(() => {
    document.documentElement.removeAttribute(consentQuestionAttribute);
    document.cookie = `${consentCookieName}=; path=/; max-age=0`;
    pendingAnswer.write(null);
  });

  it("is shown as the head is parsed to a visitor with no choice stored", async () => {
    await import("./boot.ts");
    expect(asked()).toBe(true);
  });

  it("is not shown to a visitor who has chosen, nor to one whose answer on an earlier page waits to be stored, nor to a crawler", async () => {
    document.cookie = `${consentCookieName}=${encodeURIComponent(JSON.stringify({ categories: ["necessary"] }))}; path=/`;
    await import("./boot.ts");
    expect(asked()).toBe(false);

    vi.resetModules();
    document.cookie = `${consentCookieName}=; path=/; max-age=0`;
    pendingAnswer.write("all");
    await import("./boot.ts");
    expect(asked()).toBe(false);

    vi.resetModules();
    pendingAnswer.write(null);
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
    await import("./boot.ts");
    expect(asked()).toBe(false);
  });
});
