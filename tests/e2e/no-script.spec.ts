import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fixtureList, plain } from "./fixtures.ts";
import { disclosure, storedLeads } from "./helpers.ts";

/** What the fixture service stored for an address (each test uses its own). */
const leadsFor = (email: string) => storedLeads(email, "kind, name, email, message, thought_paper_name AS paper");

/** Fills the form on the page as a visitor would, the local test captcha's box included. */
async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await page.getByRole("textbox", { name: label }).fill(value);
  await page.getByRole("checkbox", { name: "I'm not a robot" }).check();
}

/**
 * The server's page with JavaScript off: what the HTML alone must do (issue 20). The header's
 * disclosures are <details> elements, so they open and close without any code.
 */
test.use({ javaScriptEnabled: false });

test("with JavaScript off, the menu button shows the navigation and a dropdown opens, one at a time", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/about-us");
  await expect(page.locator("main h1").first()).toBeVisible();
  const main = page.locator("header.site-header").getByRole("navigation", { name: "Main" });
  await expect(main).toBeHidden();
  await disclosure(page, "Menu").click();
  await expect(main).toBeVisible();

  const smartWork = page.locator("header.site-header").getByRole("link", { name: "Utilities" });
  await expect(smartWork).toBeHidden();
  await disclosure(page, "Smart Work").click();
  await expect(smartWork).toBeVisible();
  // The dropdowns share a name: opening another closes this one.
  await disclosure(page, "Brand & Creative").click();
  await expect(smartWork).toBeHidden();
  await expect(page.locator("header.site-header").getByRole("link", { name: "Presentation Services" })).toBeVisible();
  await disclosure(page, "Menu").click();
  await expect(main).toBeHidden();
});

test("with JavaScript off, a dropdown opens on a wide screen", async ({ page }) => {
  await page.goto("/about-us");
  const panelLink = page.locator("header.site-header").getByRole("link", { name: "Presentation Services" });
  await expect(panelLink).toBeHidden();
  await disclosure(page, "Brand & Creative").click();
  await expect(panelLink).toBeVisible();
  await disclosure(page, "Brand & Creative").click();
  await expect(panelLink).toBeHidden();
});

test("with JavaScript off, the FAQ opens one answer at a time", async ({ page }) => {
  await page.goto("/Home");
  const faqs = page.locator('[data-slot="faqs"]');
  const [first, second] = [faqs.locator("summary").nth(0), faqs.locator("summary").nth(1)];
  await first.click();
  await expect(faqs.getByRole("region")).toHaveCount(1);
  await second.click();
  await expect(faqs.getByRole("region")).toHaveCount(1);
  await expect(faqs.locator("details[open] summary")).toHaveText(await second.textContent() ?? "");
});

test("with JavaScript off, the home video plays from the player's own controls, and nothing of it loads before", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto("/Home");
  const video = page.locator('[data-slot="home-video"] video');
  await video.scrollIntoViewIfNeeded();
  // No button of ours that needs the code to do anything: the player's own controls instead.
  await expect(page.locator('[data-slot="home-video"]').getByRole("button", { name: /^Play video/ })).toHaveCount(0);
  expect(await video.evaluate((element: HTMLVideoElement) => element.controls)).toBe(true);
  const source = await video.evaluate((element: HTMLVideoElement) => new URL(element.src).pathname);
  expect(fetched).not.toContain(source);
  // What a tap on the player's play does (its controls are the browser's own, out of Playwright's reach).
  await video.evaluate((element: HTMLVideoElement) => element.play());
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0)).toBe(true);
});

test("with JavaScript off, the home animation is the still the server drew, with no Play button that would do nothing", async ({ page }) => {
  await page.goto("/Home");
  const media = page.locator('[data-slot="media"]');
  await media.scrollIntoViewIfNeeded();
  const still = media.locator("img.lottie__still");
  await expect(still).toHaveAttribute("src", /\.json\.still\.svg$/);
  // The first request draws it (a worker's start, seconds on a loaded machine): given the time the server is given.
  await expect.poll(() => still.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 30_000 }).toBe(400);
  await expect(media.getByRole("button", { name: "Play animation" })).toBeHidden();
});

test("with JavaScript off, the contact shortcut on the presentation services page leads to the presentation form, which posts to its own address", async ({ page }) => {
  await page.goto("/global-brand-solutions/creative-production/presentation-services");
  await page.getByRole("link", { name: "Contact us", exact: true }).click();
  await expect(page).toHaveURL(/\/contact-us\?from=presentation-services$/);
  const form = page.locator("form[data-site-form]");
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("action", "/contact-us?from=presentation-services");
  await expect(form.getByRole("checkbox", { name: "I'm not a robot" })).toHaveAttribute("name", "token");
  for (const name of ["name", "Organisation", "email", "contactNumber", "message"]) await expect(form.locator(`[name="${name}"]`)).toHaveCount(1);
});

test.describe("forms posted without JavaScript, answered by the server", () => {
  const contact = (email: string) => ({ "Full Name": "Grace Hopper", Organization: "Compilers & Co", "Business Email": email, "Phone Number": "+1 212 555 0163", "Tell us about your request...": "A claims engagement." });

  test("a valid contact request reaches the thank-you page and is stored", async ({ page }) => {
    const email = `grace.${Date.now()}@compilers.example`;
    await page.goto("/contact-us");
    await fill(page, contact(email));
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/thankyou$/i);
    await expect(page.locator("main h1").first()).toHaveText("We have received your message");
    expect(leadsFor(email)).toEqual([{ kind: "contact", name: "Grace Hopper", email, message: "A claims engagement.", paper: null }]);
  });

  test("bad input: the form again with SPEC 5's messages and everything typed, nothing stored", async ({ page }) => {
    const email = `grace.${Date.now()}@gmail.com`;
    await page.goto("/contact-us");
    await fill(page, { ...contact(email), "Full Name": "" });
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Submit" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByText("Please enter your first and last name")).toBeVisible();
    await expect(page.getByText("Please use a professional email address associated with a legitimate organization or domain.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Business Email" })).toHaveValue(email);
    await expect(page.getByRole("textbox", { name: "Organization" })).toHaveValue("Compilers & Co");
    await expect(page.getByRole("textbox", { name: "Tell us about your request..." })).toHaveValue("A claims engagement.");
    await expect(page.getByRole("textbox", { name: "Business Email" })).toHaveAttribute("aria-invalid", "true");
    expect(leadsFor(email)).toEqual([]);
  });

  test("from the presentation services page, a gmail address is accepted as a presentation lead", async ({ page }) => {
    const email = `grace.${Date.now()}@gmail.com`;
    await page.goto("/global-brand-solutions/creative-production/presentation-services");
    await page.getByRole("link", { name: "Contact us", exact: true }).click();
    await fill(page, contact(email));
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/thankyou$/i);
    expect(leadsFor(email)).toMatchObject([{ kind: "presentation", email }]);
  });

  test("the thought-paper form opens in the page, stores the visitor's details and downloads the PDF", async ({ page }) => {
    const paper = fixtureList("thoughtpapers").find((item) => item.documentPath);
    if (!paper?.anchorlink) throw new Error("no thought paper with a document in the fixtures");
    const email = `grace.${Date.now()}@compilers.example`;
    await page.goto(`/thoughtPapers${paper.anchorlink}`);
    await page.getByRole("button", { name: "Download Thought Paper" }).click();
    await expect(page.getByRole("heading", { name: "Download the thought paper" })).toBeVisible();
    await fill(page, { "Full Name": "Grace Hopper", Organization: "Compilers & Co", "Official Email": email, "Contact Number": "+1 212 555 0163" });
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download", exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${plain(paper.title)}.pdf`);
    expect(readFileSync(await file.path()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(leadsFor(email)).toEqual([{ kind: "thought-paper", name: "Grace Hopper", email, message: null, paper: plain(paper.title) }]);
  });

  test("the server refuses a post from another site (403) and a post to a page without that form (405)", async ({ request }) => {
    const fields = { form: "contact", name: "Grace Hopper", Organisation: "Compilers & Co", email: "grace@compilers.example", contactNumber: "12125550163", message: "Hello", token: "local-test-token" };
    const crossSite = await request.post("/contact-us", { form: fields, headers: { Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
    expect(crossSite.status()).toBe(403);
    const noForm = await request.post("/about-us", { form: fields, maxRedirects: 0 });
    expect(noForm.status()).toBe(405);
    expect(noForm.headers()["allow"]).toBe("GET, HEAD");
  });
});
