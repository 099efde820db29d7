/**
 * `npm run dev` renders each page on the server through the same entry as production, and the
 * browser hydrates it: the path a visitor gets is the one a developer works on.
 */
import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { e2eNow, e2ePort } from "./env.ts";
import { fixturePage, plain } from "./fixtures.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** Beside the e2e server's port, in the same range. */
const devPort = e2ePort + 2;
const devUrl = `http://localhost:${devPort}`;

let vite: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env: NodeJS.ProcessEnv = { ...process.env, LEADS_DB: ":memory:", CONTENT_SERVICE_NOW: e2eNow, NO_COLOR: "1", FORCE_COLOR: "0" };
  delete env.VITEST;
  delete env.NODE_ENV;
  vite = spawn(process.execPath, ["node_modules/vite/bin/vite.js", "--port", String(devPort), "--strictPort", "--host", "127.0.0.1"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready in/.test(output)) resolve();
    };
    vite?.stdout?.on("data", onData);
    vite?.stderr?.on("data", onData);
    vite?.once("exit", (code) => reject(new Error(`vite exited (${code}):\n${output}`)));
  });
});

test.afterAll(() => {
  vite?.kill("SIGTERM");
});

test("answers /People with the server-rendered page: its heading and text in the HTML", async ({ request }) => {
  const response = await request.get(`${devUrl}/People`, { headers: { Accept: "text/html" }, timeout: 90_000 });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const people = fixturePage("People");
  const body = plain(html.slice(html.indexOf('<div id="root">')));
  expect(html).toMatch(/<h1[^>]*>/);
  expect(body).toContain(plain(people.heading));
  expect(html).toContain('id="corvane-hydration"');
  // Vite's own client in the page: components reload as they change.
  expect(html).toContain("/@vite/client");
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
