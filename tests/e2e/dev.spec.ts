/**
 * `npm run dev` is the production server with Vite in front of it for modules and hot reload
 * (tools/dev.ts): each page is rendered on the server through the same entry and the same server
 * code as production, and the browser hydrates it; forms posted without script, headers and
 * errors are the production server's. The path a visitor gets is the one a developer works on.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { e2eNow, e2ePort } from "./env.ts";
import { HYDRATION_SCRIPT_OPEN } from "../../src/runtime/hydrationData.ts";
import { fixturePage, plain } from "./fixtures.ts";
import { disclosure } from "./helpers.ts";
import { INSPECTOR_MARKER } from "../../src/inspector/marker.ts";
import { pathTo } from "../../src/content/paths.ts";
import { routeTable } from "../../src/runtime/registry.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** Beside the e2e server's port, in the same range. */
const devPort = e2ePort + 2;
const devUrl = `http://localhost:${devPort}`;

let dev: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env: NodeJS.ProcessEnv = { ...process.env, LEADS_DB: ":memory:", CONTENT_SERVICE_NOW: e2eNow, NO_COLOR: "1", FORCE_COLOR: "0" };
  delete env.VITEST;
  delete env.NODE_ENV;
  // `npm run dev`'s own program, with the port as a developer gives it.
  dev = spawn(process.execPath, ["--import", "tsx", "tools/dev.ts", "--port", String(devPort)], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/running at/.test(output)) resolve();
    };
    dev?.stdout?.on("data", onData);
    dev?.stderr?.on("data", onData);
    dev?.once("exit", (code) => reject(new Error(`npm run dev exited (${code}):\n${output}`)));
  });
});

test.afterAll(() => {
  dev?.kill("SIGTERM");
});

test("answers /People with the server-rendered page: its heading and text in the HTML, even to a plain client", async ({ request }) => {
  // No Accept header, as curl sends: the page, not an empty shell.
  const response = await request.get(`${devUrl}/People`, { headers: { Accept: "*/*" }, timeout: 90_000 });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const people = fixturePage("People");
  const body = plain(html.slice(html.indexOf('<div id="root">')));
  expect(html).toMatch(/<h1[^>]*>/);
  expect(body).toContain(plain(people.heading));
  expect(html).toContain(HYDRATION_SCRIPT_OPEN);
  // Vite's own client in the page: components reload as they change.
  expect(html).toContain("/@vite/client");
});

/** `npm run dev -- <args>` run to its end: its exit code and what it wrote. */
function devRun(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // Plain text: Playwright's FORCE_COLOR would also make Node warn that NO_COLOR is ignored.
    const { FORCE_COLOR: _color, ...env } = process.env;
    const child = spawn(process.execPath, ["--import", "tsx", "tools/dev.ts", ...args], { cwd: root, env: { ...env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

test("takes Vite's usual flags, names the ones it takes when given another, and says so when the port is in use, without a stack trace", async () => {
  test.setTimeout(120_000);
  const unknown = await devRun(["--bogus"]);
  expect(unknown.code).toBe(2);
  expect(unknown.output).toMatch(/^npm run dev: Unknown option '--bogus'\.\nFlags taken: --port N .*--strictPort .*--force .*--counterexamples .*\.\n$/);
  // The dev server of this file has the port: a second one stops with one line, --strictPort or not.
  const taken = await devRun(["--port", String(devPort), "--strictPort", "--force", "--logLevel", "error"]);
  expect(taken).toEqual({ code: 1, output: `npm run dev: port ${devPort} on 127.0.0.1 is in use; choose another with --port N (or PORT=N).\n` });
});

test("answers an address the route table redirects with the redirect", async ({ request }) => {
  const response = await request.get(`${devUrl}/`, { headers: { Accept: "text/html" }, maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/Home");
});

test("hydrates the server's page without a warning", async ({ page }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || (message.type() === "warning" && /hydrat/i.test(message.text()))) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => Object.assign(window, { serverHeading: document.querySelector("main h1") }));
  });
  await page.goto(`${devUrl}/People`, { timeout: 90_000 });
  await expect(page.locator("html")).toHaveAttribute("data-app-ready", "", { timeout: 90_000 });
  const same = await page.evaluate(() => (window as unknown as { serverHeading: Element | null }).serverHeading === document.querySelector("main h1"));
  expect(same).toBe(true);
  expect(problems).toEqual([]);
});

test("sends the production server's security headers (the CSPs differing only in the hashes of the inline scripts each page carries: Vite's, src/boot.ts's)", async ({ request, baseURL }) => {
  const [inDev, served] = await Promise.all([request.get(`${devUrl}/People`), request.get(`${baseURL}/People`)]);
  const securityHeaders = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => /^(content-security-policy|strict-transport-security|x-|referrer-policy|permissions-policy|cross-origin-)/.test(name) && name !== "x-request-id"));
  const devHeaders = securityHeaders(inDev.headers());
  const devCsp = devHeaders["content-security-policy"] ?? "";
  expect(devCsp).toMatch(/script-src 'self' 'sha256-[^']+'/);
  const servedHeaders = securityHeaders(served.headers());
  const withoutHashes = (headers: Record<string, string>) => ({ ...headers, "content-security-policy": (headers["content-security-policy"] ?? "").replace(/ 'sha256-[^']+'/g, "") });
  expect(withoutHashes(devHeaders)).toEqual(withoutHashes(servedHeaders));
});

test("answers a form posted without script as the production server does", async ({ request, baseURL }) => {
  const post = (origin: string, email: string) =>
    request.post(`${origin}/contact-us`, {
      form: { form: "contact", name: "Grace Hopper", Organisation: "Compilers & Co", email, contactNumber: "12125550163", message: "A claims engagement.", token: "local-test-token" },
      maxRedirects: 0,
    });
  const [inDev, served] = await Promise.all([post(devUrl, `grace.dev.${Date.now()}@compilers.example`), post(baseURL ?? "", `grace.served.${Date.now()}@compilers.example`)]);
  expect(served.status()).toBe(303);
  expect([inDev.status(), inDev.headers().location]).toEqual([served.status(), served.headers().location]);
  const [badDev, badServed] = await Promise.all([post(devUrl, "not an address"), post(baseURL ?? "", "not an address")]);
  expect(badServed.status()).toBe(400);
  expect(badDev.status()).toBe(400);
  // The same SPEC 5 messages in both pages.
  const messages = (html: string) => plain(html).match(/(Entered \w+ is invalid|Email must be a valid format|Please [^.]+)/g)?.sort() ?? [];
  const servedMessages = messages(await badServed.text());
  expect(servedMessages.length).toBeGreaterThan(0);
  expect(messages(await badDev.text())).toEqual(servedMessages);
});

test("a layout with a problem fails only the pages that use it: 500 naming its file, JSON path and message, in Vite's error overlay; every other page 200; mended, the page is back", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const file = join(root, "layouts", "People.json");
  const original = readFileSync(file, "utf8");
  const layout = JSON.parse(original) as { slots?: { block?: string }[] };
  const broken = { ...layout, slots: [{ id: "planted-problem", block: "no-such-block" }, ...(layout.slots ?? [])] };
  try {
    writeFileSync(file, JSON.stringify(broken, null, 2));
    await expect(async () => {
      const response = await request.get(`${devUrl}/People`);
      expect(response.status()).toBe(500);
      const text = await response.text();
      expect(text).toContain("layouts/People.json");
      expect(text).toMatch(/slots\[0\]\.block/);
      expect(text).toContain("no-such-block");
    }).toPass({ timeout: 30_000 });
    // The browser shows it in Vite's error overlay, naming the file.
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      expect((await page.goto(`${devUrl}/People`))?.status()).toBe(500);
      const overlay = page.locator("vite-error-overlay");
      await expect(overlay.locator(".message-body")).toContainText('slots[0].block: unknown block "no-such-block"');
      await expect(overlay.locator(".file")).toHaveText("layouts/People.json");
    } finally {
      await context.close();
    }
    // Every other fixed route renders as before.
    const others = routeTable.routes.filter((route) => !route.path.includes(":") && route.page !== undefined && route.page !== "People").map((route) => route.path);
    expect(others.length).toBeGreaterThan(10);
    const failing: [string, number][] = [];
    // One at a time: a dev render takes a core for a moment, and this machine has two.
    for (const address of others) {
      const status = (await request.get(`${devUrl}${address}`, { maxRedirects: 0, timeout: 90_000 })).status();
      if (status !== 200) failing.push([address, status]);
    }
    expect(failing).toEqual([]);
  } finally {
    writeFileSync(file, original);
  }
  await expect(async () => expect((await request.get(`${devUrl}/People`)).status()).toBe(200)).toPass({ timeout: 30_000 });
});


/** The first screen's pieces a visitor sees first, each by the styles that place and paint it. */
const firstScreen = { "site header": "header.site-header", hero: '[data-slot="hero"]', "first heading": "h1", "breadcrumbs' first link": ".breadcrumbs a" };
const styleProperties = ["display", "position", "font-size", "color", "background-color"];

/**
 * The computed styles of the first screen's pieces, once the page has settled: with script, once
 * the app says it is ready (every block's code and the styles it imports are in) and, with
 * `?inspect`, once the inspector has drawn; without script, once the page has loaded.
 */
async function settledStyles(browser: Browser, origin: string, address: string, mode: "script" | "no script" | "inspect"): Promise<Record<string, Record<string, string> | null>> {
  const context = await browser.newContext({ javaScriptEnabled: mode !== "no script" });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${address}${mode === "inspect" ? "?inspect" : ""}`, { timeout: 90_000 });
    if (mode !== "no script") await expect(page.locator("html")).toHaveAttribute("data-app-ready", "", { timeout: 90_000 });
    if (mode === "inspect" && origin === devUrl) await expect(page.locator(`[data-${INSPECTOR_MARKER}]`).first()).toBeAttached({ timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return await page.evaluate(
      ({ pieces, properties }) =>
        Object.fromEntries(
          Object.entries(pieces).map(([name, selector]) => {
            const element = document.querySelector(selector);
            const style = element ? getComputedStyle(element) : null;
            return [name, style ? Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)])) : null];
          }),
        ),
      { pieces: firstScreen, properties: styleProperties },
    );
  } finally {
    await context.close();
  }
}

for (const address of ["/Home", pathTo("brandingCreative"), "/People"]) {
  test(`${address}: the first screen has production's styles in dev, with and without script and with ?inspect`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    for (const mode of ["no script", "script", "inspect"] as const) {
      const [inDev, served] = [await settledStyles(browser, devUrl, address, mode), await settledStyles(browser, baseURL ?? "", address, mode)];
      // Production's page shows every piece (the home page has no breadcrumbs), and dev the same, style for style.
      expect(Object.entries(served).filter(([, style]) => style === null).map(([name]) => name)).toEqual(address === "/Home" ? ["breadcrumbs' first link"] : []);
      expect(inDev, `${address} (${mode})`).toEqual(served);
    }
  });
}

test("with JavaScript off, the menu button shows the navigation on a phone, as in production", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  try {
    const page: Page = await context.newPage();
    await page.goto(`${devUrl}/about-us`, { timeout: 90_000 });
    const main = page.locator("header.site-header").getByRole("navigation", { name: "Main" });
    await expect(main).toBeHidden();
    await disclosure(page, "Menu").click();
    await expect(main).toBeVisible();
    await disclosure(page, "Menu").click();
    await expect(main).toBeHidden();
  } finally {
    await context.close();
  }
});
