/**
 * Motion and responsiveness in Chromium (SPEC 1, 2.3 item 8, 3, 4, 9): smooth scrolling where
 * SPEC allows it and nowhere else, the motion libraries downloaded only there, content fully
 * visible at every width once it has scrolled into view, a reload on a change of width only,
 * the consent panel pausing smooth scrolling, and axe still clean.
 */
import { expect, test, type Page } from "@playwright/test";
import { firstVisit } from "./env.ts";
import { expectAccessible, rendered, waitForBlocks } from "./helpers.ts";

/** A long content page with sections, panels and a fixed image band. */
const longPage = "/about-us";

/** The motion's own chunks (src/motion/load.ts): the engine, and Lenis's smooth scrolling. */
const motionChunks = { engine: /\/engine-[^/]*\.js$/, lenis: /\/smoothScroll-[^/]*\.js$/ };
const isMotionChunk = (url: string) => Object.values(motionChunks).some((chunk) => chunk.test(new URL(url).pathname));

/** Records every script the page asks for. */
function watchScripts(page: Page): () => string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".js")) paths.push(pathname);
  });
  return () => paths;
}

function downloadedMotion(scripts: () => string[]) {
  return { engine: scripts().some((path) => motionChunks.engine.test(path)), lenis: scripts().some((path) => motionChunks.lenis.test(path)) };
}

/**
 * The long page, its blocks hydrated. Whatever motion the device gets has been decided, and its
 * code asked for, once the page's effects have started (src/app/runPageEffects.ts's
 * PAGE_EFFECTS_MARK, after the first paint). A page on Playwright's clock has a stand-in
 * `performance` without marks: its tests wait for what they look at instead.
 */
async function openLongPage(page: Page, { onTheTestsClock = false } = {}) {
  await page.goto(longPage);
  await waitForBlocks(page);
  if (!onTheTestsClock) await expect.poll(() => page.evaluate(() => performance.getEntriesByName("site:page-effects").length)).toBeGreaterThan(0);
  await rendered(page);
}

const html = (page: Page) => page.locator("html");

/**
 * Resolves once the window has not scrolled for a few frames and smooth scrolling has no glide
 * under way: the last frames of a glide can move less than a pixel each, and a glide still under
 * way pulls a `scrollTo` back to its target (Lenis marks <html> with `lenis-smooth` meanwhile).
 * Not `lenis-scrolling`: Lenis 1.3 sets that for a native scroll too, and keeps it for good when
 * the scroll's last event moved nothing (its reset timer is cleared and not set again), which
 * happened under load in about one run of two with two pages scrolling at once.
 */
const scrollStopped = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          const gliding = document.documentElement.classList.contains("lenis-smooth");
          still = window.scrollY === last && !gliding ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 10) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );

/**
 * Elements of main (partly) in view that are not fully shown: faded (opacity below 1, on them or
 * an ancestor) or still moved by an entrance. With `edges`, sections within the top and bottom
 * bands of a wide screen may be moved (never faded): only the middle of the screen is checked for that.
 * With `untilStill`, checked at every frame until the window has not scrolled for 10 frames:
 * everything caught on the way.
 */
function notFullyShown(page: Page, { edges = false, untilStill = false } = {}): Promise<string[]> {
  return page.evaluate(({ edges, untilStill }) => {
    const check = () => {
      const main = document.querySelector("main");
      if (!main) return ["no main"];
      const name = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`;
      const found: string[] = [];
      const band = edges ? window.innerHeight * 0.25 : 0;
      for (const element of main.querySelectorAll("*")) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= window.innerHeight) continue;
        let opacity = 1;
        for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
        if (opacity < 0.999) found.push(`${name(element)} opacity ${opacity.toFixed(2)}`);
        const moved = element instanceof HTMLElement && /translate|scale|matrix/.test(element.style.transform);
        if (moved && box.top >= band && box.bottom <= window.innerHeight - band) found.push(`${name(element)} moved ${element.style.transform}`);
      }
      return found;
    };
    if (!untilStill) return check();
    return new Promise<string[]>((resolve) => {
      const seen = new Set<string>();
      let last = window.scrollY;
      let still = 0;
      const frame = () => {
        for (const finding of check()) seen.add(finding);
        still = window.scrollY === last ? still + 1 : 0;
        last = window.scrollY;
        if (still >= 10) resolve([...seen]);
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }, { edges, untilStill });
}

/**
 * Scrolls the page from top to bottom with the mouse wheel, a screen at a time; at every stop,
 * once the scroll and the animations have settled, everything in view is fully shown. Returns
 * how many of the stops caught something on its way in, at any frame between the wheel's turn and
 * the end of the scroll.
 */
async function scrollThroughShowingEverything(page: Page, { edges = false } = {}): Promise<number> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  await page.mouse.move(viewport.width / 2, viewport.height / 2);
  let caughtMoving = 0;
  for (let stop = 0; stop < 40; stop++) {
    await page.mouse.wheel(0, viewport.height * 0.9);
    if ((await notFullyShown(page, { edges, untilStill: true })).length > 0) caughtMoving++;
    await expect.poll(() => notFullyShown(page, { edges }), { timeout: 5000 }).toEqual([]);
    const atBottom = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
    if (atBottom) return caughtMoving;
  }
  throw new Error("never reached the bottom of the page");
}

/** Scroll positions sampled every few frames for `ms` after one wheel turn of `delta` pixels. */
async function scrollAfterWheel(page: Page, delta: number, ms = 2600): Promise<{ at: number; y: number }[]> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  await page.mouse.move(viewport.width / 2, viewport.height / 2);
  const sampling = page.evaluate(
    (ms) =>
      new Promise<{ at: number; y: number }[]>((resolve) => {
        const start = performance.now();
        const samples: { at: number; y: number }[] = [];
        const frame = () => {
          const at = performance.now() - start;
          samples.push({ at, y: window.scrollY });
          if (at < ms) requestAnimationFrame(frame);
          else resolve(samples);
        };
        requestAnimationFrame(frame);
      }),
    ms,
  );
  await page.mouse.wheel(0, delta);
  return sampling;
}

/** Smooth scrolling (SPEC 4, 2 s): the page is still gliding towards where the wheel sent it half a second later. */
function stillGlidingAfter(samples: { at: number; y: number }[], ms: number) {
  const final = samples.at(-1)?.y ?? 0;
  return samples.some((sample) => sample.at >= ms && sample.at <= ms + 400 && sample.y < final - 20);
}

for (const width of [1024, 1440]) {
  test.describe(`desktop, ${String(width)} px wide without touch`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("scrolls smoothly, animates sections and panels into view, and shows everything once there", async ({ page }) => {
      const scripts = watchScripts(page);
      await openLongPage(page);
      await expect(html(page)).toHaveClass(/\blenis\b/);
      await expect(html(page)).toHaveAttribute("data-motion", "panels sections smoothScroll");
      expect(downloadedMotion(scripts)).toEqual({ engine: true, lenis: true });

      const samples = await scrollAfterWheel(page, 1000);
      expect(samples.at(-1)?.y).toBeGreaterThan(950);
      expect(stillGlidingAfter(samples, 500)).toBe(true);

      await page.evaluate(() => window.scrollTo(0, 0));
      await scrollStopped(page);
      expect(await scrollThroughShowingEverything(page)).toBeGreaterThan(0);
      await expectAccessible(page);
    });
  });
}

test.describe("desktop, 1440 px wide, when the motion code cannot be loaded", () => {
  test.use({ viewport: { width: 1440, height: 800 } });

  test("shows the page fully, without motion: nothing waited on an animation that never came", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.route((url) => isMotionChunk(url.href), (route) => route.abort("failed"));
    await openLongPage(page);
    await expect.poll(() => errors.some((error) => error.includes("motion could not be loaded"))).toBe(true);
    await expect(html(page)).not.toHaveAttribute("data-motion");
    await expect(html(page)).not.toHaveClass(/\blenis\b/);
    expect(await scrollThroughShowingEverything(page)).toBe(0);
  });
});

test.describe("desktop, 1440 px wide, with a touch screen", () => {
  test.use({ viewport: { width: 1440, height: 800 }, hasTouch: true });

  test("scrolls natively (no smooth scrolling with touch) but still animates", async ({ page }) => {
    const scripts = watchScripts(page);
    await openLongPage(page);
    await expect(html(page)).toHaveAttribute("data-motion", "panels sections");
    await expect(html(page)).not.toHaveClass(/\blenis\b/);
    expect(downloadedMotion(scripts)).toEqual({ engine: true, lenis: false });
  });
});

test.describe("a wide screen, 2600 px", () => {
  test.use({ viewport: { width: 2600, height: 1300 } });

  test("scrolls smoothly and moves sections at the top and bottom edges only, never fading them", async ({ page }) => {
    await openLongPage(page);
    await expect(html(page)).toHaveClass(/\blenis\b/);
    await expect(html(page)).toHaveAttribute("data-motion", "panels sections smoothScroll edges");
    const contents = page.locator("main .section > .container");
    await expect.poll(() => contents.count()).toBeGreaterThan(3);
    /** Scrolls so the third section's top is `fromBottom` px above the bottom edge; how its content is drawn then. */
    const drawnWhenTopAt = async (fromBottom: number) => {
      await page.evaluate((fromBottom) => {
        const section = document.querySelectorAll("main .section")[2];
        if (!section) throw new Error("no third section");
        window.scrollTo(0, window.scrollY + section.getBoundingClientRect().top - window.innerHeight + fromBottom);
      }, fromBottom);
      await scrollStopped(page);
      return contents.nth(2).evaluate((content) => ({ transform: getComputedStyle(content).transform, opacity: getComputedStyle(content).opacity }));
    };
    // Just over the bottom edge: lowered and slightly smaller, never faded.
    const entering = await drawnWhenTopAt(40);
    expect(entering.transform).not.toBe("none");
    expect(entering.opacity).toBe("1");
    // Well inside the screen: exactly where the layout put it.
    expect(await drawnWhenTopAt(700)).toEqual({ transform: "none", opacity: "1" });

    await page.evaluate(() => window.scrollTo(0, 0));
    await scrollStopped(page);
    await scrollThroughShowingEverything(page, { edges: true });
    await expectAccessible(page);
  });
});

test.describe("a phone, 375 px wide", () => {
  test.use({ viewport: { width: 375, height: 760 }, hasTouch: true });

  test("gets no motion and downloads none of its code; everything shows as it scrolls", async ({ page }) => {
    const scripts = watchScripts(page);
    await openLongPage(page);
    await expect(html(page)).not.toHaveAttribute("data-motion");
    await expect(html(page)).not.toHaveClass(/\blenis\b/);
    expect(await scrollThroughShowingEverything(page)).toBe(0);
    expect(downloadedMotion(scripts)).toEqual({ engine: false, lenis: false });
    await expectAccessible(page);
  });
});

test.describe("with reduced motion", () => {
  test.use({ viewport: { width: 1440, height: 800 }, reducedMotion: "reduce" });

  test("nothing moves: no smooth scrolling, no animation, no motion code; the fixed image scrolls too", async ({ page }) => {
    const scripts = watchScripts(page);
    await openLongPage(page);
    await expect(html(page)).not.toHaveAttribute("data-motion");
    await expect(html(page)).not.toHaveClass(/\blenis\b/);
    await expect(page.locator(".fixed-image").first()).toHaveCSS("background-attachment", "scroll");

    const samples = await scrollAfterWheel(page, 1000, 1500);
    expect(stillGlidingAfter(samples, 500)).toBe(false);
    // Not even for a moment: right after each turn of the wheel, everything in view is fully shown.
    await page.mouse.wheel(0, 700);
    expect(await notFullyShown(page, { untilStill: true })).toEqual([]);
    expect(await scrollThroughShowingEverything(page)).toBe(0);
    expect(downloadedMotion(scripts)).toEqual({ engine: false, lenis: false });
  });
});

test.describe("smooth scrolling and the rest of the page", () => {
  test.use({ viewport: { width: 1440, height: 800 } });

  test("leaves keyboard scrolling, the skip link, focus and fixed elements working", async ({ page }) => {
    await openLongPage(page);
    await expect(html(page)).toHaveClass(/\blenis\b/);

    // The skip link: focus lands in the main content.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();

    // An in-page anchor glides to its target; the address shows it.
    await page.evaluate(() => {
      const main = document.querySelector("main");
      main?.prepend(Object.assign(document.createElement("a"), { href: "#last-words", textContent: "To the last words" }));
      main?.append(Object.assign(document.createElement("p"), { id: "last-words", textContent: "The last words" }));
    });
    await page.getByRole("link", { name: "To the last words" }).click();
    await scrollStopped(page);
    await expect(page.getByText("The last words", { exact: true })).toBeInViewport();
    await expect(page).toHaveURL(/#last-words$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await scrollStopped(page);

    // Keyboard scrolling.
    const before = await page.evaluate(() => window.scrollY);
    await page.keyboard.press("PageDown");
    await scrollStopped(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 300);

    // A wheel glide under way does not pull a newly focused element back out of view.
    await page.evaluate(() => window.scrollTo(0, 0));
    await scrollStopped(page);
    await page.mouse.move(700, 400);
    await page.mouse.wheel(0, 4000);
    await page.waitForFunction(() => window.scrollY > 0);
    const footerLink = page.getByRole("contentinfo").getByRole("link").first();
    await footerLink.focus();
    await scrollStopped(page);
    await expect(footerLink).toBeInViewport();

    // Fixed elements stay put while the page glides.
    const shortcut = page.getByRole("complementary", { name: "Contact shortcut" }).getByRole("link", { name: "Contact us" });
    await page.evaluate(() => window.scrollTo(0, 0));
    await scrollStopped(page);
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 300);
    await expect(shortcut).toBeInViewport();
  });

  test("pauses while the consent banner or the cookie settings are open, and resumes after (SPEC 4)", async ({ browser }) => {
    const context = await browser.newContext({ storageState: firstVisit, viewport: { width: 1440, height: 800 } });
    const page = await context.newPage();
    await page.goto(longPage);
    await waitForBlocks(page);
    const banner = page.getByRole("region", { name: "Cookies on this site" });
    await expect(banner).toBeVisible();
    await expect(html(page)).toHaveAttribute("data-motion", /smoothScroll/);
    // Paused is not locked: the page still scrolls, natively.
    await expect(html(page)).not.toHaveClass(/\blenis\b/);
    const samples = await scrollAfterWheel(page, 600, 1200);
    expect(samples.at(-1)?.y).toBeGreaterThan(500);
    expect(stillGlidingAfter(samples, 500)).toBe(false);

    await banner.getByRole("button", { name: "Necessary only" }).click();
    await expect(banner).toBeHidden();
    await expect(html(page)).toHaveClass(/\blenis\b/);

    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Cookie settings" });
    await expect(settings).toBeVisible();
    await expect(html(page)).not.toHaveClass(/\blenis\b/);
    await settings.getByRole("button", { name: "Save my choices" }).click();
    await expect(settings).toBeHidden();
    await expect(html(page)).toHaveClass(/\blenis\b/);
    await context.close();
  });
});

test.describe("a change of window size", () => {
  test.use({ viewport: { width: 1440, height: 800 } });

  test("reloads the page once when the width changes, never for the height alone (SPEC 4)", async ({ page }) => {
    // The reload waits for the resizing to stop on the page's clock, which the test moves on.
    await page.clock.install();
    await openLongPage(page, { onTheTestsClock: true });
    await expect(html(page)).toHaveAttribute("data-motion");
    let loads = 0;
    let reloads = 0;
    page.on("load", () => loads++);
    page.on("request", (request) => {
      if (request.isNavigationRequest()) reloads++;
    });
    await page.evaluate(() => {
      const counted = window as unknown as { resizes: number };
      counted.resizes = 0;
      window.addEventListener("resize", () => counted.resizes++);
    });

    // A mobile address bar showing or hiding, or a window made taller: no reload.
    await page.setViewportSize({ width: 1440, height: 650 });
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { resizes: number }).resizes)).toBeGreaterThan(0);
    await page.clock.runFor(1200);
    await rendered(page);
    expect(reloads).toBe(0);
    expect(loads).toBe(0);

    // A narrower window: one reload, after the resizing stops, laid out for the new width.
    await page.setViewportSize({ width: 1300, height: 900 });
    await page.setViewportSize({ width: 900, height: 900 });
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(1);
    await waitForBlocks(page);
    await expect(html(page)).toHaveAttribute("data-motion", "panels");
    await page.clock.runFor(1500);
    await rendered(page);
    expect(reloads).toBe(1);
    expect(loads).toBe(1);
  });
});

test.describe("browser-stored values", () => {
  test("the body height is saved 8 s after the page shows (SPEC 3)", async ({ page }) => {
    await page.clock.install();
    // When the page's heading first appeared: no later than the page counts as shown.
    await page.addInitScript(() => {
      const marked = window as unknown as { headingAt?: number };
      new MutationObserver(() => {
        if (marked.headingAt === undefined && document.querySelector("main h1")) marked.headingAt = performance.now();
      }).observe(document, { subtree: true, childList: true });
    });
    // The timer counts from when the page showed, whenever the page's effects start.
    await openLongPage(page, { onTheTestsClock: true });
    // From here the page's time moves only as the test says.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const sinceHeading = await page.evaluate(() => performance.now() - ((window as unknown as { headingAt?: number }).headingAt ?? Number.NaN));
    expect(sinceHeading).toBeLessThan(7500);
    const stored = () => page.evaluate(() => window.localStorage.getItem("bodyHeight"));
    await page.clock.runFor(7500 - sinceHeading);
    await rendered(page);
    expect(await stored()).toBeNull();
    // The app counts from its own first render, a moment after the heading arrived in the server's HTML.
    await page.clock.runFor(2500);
    await rendered(page);
    expect(await stored()).not.toBeNull();
    const height = await page.evaluate(() => Math.round(document.body.getBoundingClientRect().height));
    expect(Number(await stored())).toBe(height);
  });
});

test.describe("the pinned background", () => {
  test.use({ viewport: { width: 1440, height: 800 } });

  test("is marked on page change and keeps the fixed image band in place while the page scrolls", async ({ page }) => {
    await openLongPage(page);
    await expect(html(page)).toHaveAttribute("data-pinned-background");
    await expect(page.locator(".fixed-image").first()).toHaveCSS("background-attachment", "fixed");
    // A page without a fixed image (the contact page's fixture has none) is not marked.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await waitForBlocks(page);
    await expect(html(page)).not.toHaveAttribute("data-pinned-background");
  });
});
