import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { rendered, storedLeads, waitForBlocks } from "./helpers.ts";

interface LeadRow {
  kind: string;
  name: string;
  organisation: string;
  email: string;
  contact_number: string;
  message: string;
}

/** The rows the fixture service stored for an address (each test uses its own). */
const leadsFor = (email: string) => storedLeads(email, "kind, name, organisation, email, contact_number, message") as LeadRow[];

async function openContactPage(page: Page) {
  await page.goto("/contact-us");
  await waitForBlocks(page);
}

const form = (page: Page) => ({
  name: page.getByRole("textbox", { name: "Full Name" }),
  organisation: page.getByRole("textbox", { name: "Organization" }),
  email: page.getByRole("textbox", { name: "Business Email" }),
  phone: page.getByRole("textbox", { name: "Phone Number" }),
  message: page.getByRole("textbox", { name: "Tell us about your request..." }),
  captcha: page.getByRole("checkbox", { name: "I'm not a robot" }),
  submit: page.getByRole("button", { name: "Submit" }),
});

async function fillValid(page: Page, email: string) {
  const fields = form(page);
  await fields.name.fill("Grace Hopper");
  await fields.organisation.fill("Compilers & Co");
  await fields.email.fill(email);
  await fields.phone.pressSequentially("+1 (212) 555-0163");
  await fields.message.fill("We would like to discuss a\nclaims processing engagement.");
  // The form's code is asked for when the visitor reaches into it: a tick before it has arrived is
  // held and replayed once the form has hydrated, so the box shows ticked a moment later.
  await fields.captcha.click();
  await expect(fields.captcha).toBeChecked();
}

test.describe("the contact form", () => {
  test("a valid request reaches /thankyou and is stored in SQLite", async ({ page }) => {
    const email = `grace.${Date.now()}@compilers.example`;
    await openContactPage(page);
    await fillValid(page, email);
    const posted = page.waitForRequest("**/api/contactus/create");
    await form(page).submit.click();
    const request = await posted;
    expect(request.headers()["content-type"]).toMatch(/^multipart\/form-data/);
    await expect(page).toHaveURL(/\/thankyou$/i);
    await expect(page.locator("main h1").first()).toHaveText("We have received your message");
    expect(leadsFor(email)).toEqual([
      { kind: "contact", name: "Grace Hopper", organisation: "Compilers & Co", email, contact_number: "+1(212)5550163", message: "We would like to discuss a\nclaims processing engagement." },
    ]);
  });

  test("with the code, the form is sent by the page's route action in the browser: one lead call, no post of the page", async ({ page }) => {
    const email = `grace.${Date.now()}@compilers.example`;
    await openContactPage(page);
    await fillValid(page, email);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await form(page).submit.click();
    await expect(page).toHaveURL(/\/thankyou$/i);
    expect(posts.filter((path) => path === "/api/contactus/create")).toHaveLength(1);
    expect(posts.filter((path) => !path.startsWith("/api/"))).toEqual([]);
    expect(leadsFor(email)).toHaveLength(1);
  });

  test("the service's own verdict (400) shows under its field, with everything typed kept", async ({ page }) => {
    const message = "This address is not accepted here";
    await page.route("**/api/contactus/create", (route) => route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ errors: { email: message } }) }));
    await openContactPage(page);
    await fillValid(page, "grace@compilers.example");
    await form(page).submit.click();
    const email = form(page).email;
    // The stylesheet puts a warning sign before a message.
    await expect(email).toHaveAccessibleDescription(new RegExp(`${message}$`));
    await expect(email).toBeFocused();
    await expect(email).toHaveValue("grace@compilers.example");
    await expect(form(page).message).toHaveValue("We would like to discuss a\nclaims processing engagement.");
    await expect(page).toHaveURL(/\/contact-us$/);
  });

  test("presentation mode (the stored flag) accepts a free-mail address and posts to the presentation call", async ({ page }) => {
    const email = `grace.${Date.now()}@gmail.com`;
    await page.addInitScript(() => window.localStorage.setItem("isPresentationService", "true"));
    await openContactPage(page);
    await fillValid(page, email);
    // SPEC 4: the form reads the stored flag a second after it appears (hydrates, once reached); its action then names the mode.
    await expect(page.locator("form[data-site-form]")).toHaveAttribute("action", /from=presentation-services/);
    await expect(page.getByText("Please use a professional email address")).toHaveCount(0);
    const posted = page.waitForRequest("**/api/contactus/presentation-page");
    await form(page).submit.click();
    await posted;
    await expect(page).toHaveURL(/\/thankyou$/i);
    expect(leadsFor(email).map((lead) => lead.kind)).toEqual(["presentation"]);
  });

  test("a free-mail address is refused in normal mode, before anything is sent", async ({ page }) => {
    let sent = 0;
    await page.route("**/api/contactus/**", (route) => {
      sent += 1;
      return route.fallback();
    });
    await openContactPage(page);
    await fillValid(page, "grace@gmail.com");
    const email = form(page).email;
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please use a professional email address associated with a legitimate organization or domain.")).toBeVisible();
    await form(page).submit.click();
    await expect(email).toBeFocused();
    expect(sent).toBe(0);
  });

  test("what is typed before the form's code arrives is checked as typing would have checked it", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ContactForm-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openContactPage(page);
    const fields = form(page);
    await fields.name.fill("Grace Hopper");
    await fields.email.fill("grace@gmail.com");
    release();
    await expect(fields.email).toHaveAttribute("aria-invalid", "true");
    await expect(fields.email).toHaveValue("grace@gmail.com");
    await expect(page.getByText("Please use a professional email address associated with a legitimate organization or domain.")).toBeVisible();
  });

  test("a 500 answer leaves the visitor on the page with every typed value", async ({ page }) => {
    await page.route("**/api/contactus/create", (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
    await openContactPage(page);
    await fillValid(page, "grace@compilers.example");
    await form(page).submit.click();
    const overlay = page.locator(".contact-form__overlay");
    await expect(overlay).toBeVisible();
    await expect(overlay).toHaveCount(0, { timeout: 5000 });
    await expect(page).toHaveURL(/\/contact-us$/);
    const fields = form(page);
    await expect(fields.name).toHaveValue("Grace Hopper");
    await expect(fields.organisation).toHaveValue("Compilers & Co");
    await expect(fields.email).toHaveValue("grace@compilers.example");
    await expect(fields.phone).toHaveValue("+1(212)5550163");
    await expect(fields.message).toHaveValue("We would like to discuss a\nclaims processing engagement.");
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("in its error state, the page has no accessibility violations", async ({ page }) => {
    await openContactPage(page);
    await expect(form(page).captcha).toBeVisible();
    await form(page).submit.click();
    await expect(form(page).name).toBeFocused();
    await expect(page.locator("[aria-invalid=true]")).toHaveCount(6);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});

test.describe("the contact form on a phone, below the fold", () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  test("its code is asked for only when the visitor reaches into it; what is typed before it arrives is kept, focus stays, the lead arrives", async ({ page }) => {
    const email = `ada.${Date.now()}@engines.example`;
    await page.goto("/contact-us");
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1, { timeout: 20_000 });
    // Every script asked for from now on (the form's code) waits until the visitor has typed.
    const held: string[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    });
    const fields = form(page);
    await fields.name.scrollIntoViewIfNeeded();
    // Scrolled near, not reached into: the page has not asked for the form's code.
    await rendered(page);
    expect(held).toEqual([]);
    await fields.name.fill("Ada Lovelace");
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await fields.organisation.fill("Analytical Engines");
    await fields.email.fill(email);
    await fields.phone.pressSequentially("+1 (212) 555-0163");
    await fields.message.fill("Typed before the form's code arrived.");
    await expect(fields.message).toBeFocused();
    release();
    // Focus stayed where the visitor was: Tab goes on to the next control, and its tick (a click
    // held while the form hydrates, then replayed) sticks.
    await page.keyboard.press("Tab");
    await expect(fields.captcha).toBeFocused();
    await page.keyboard.press("Space");
    await expect(fields.captcha).toBeChecked();
    await expect(fields.name).toHaveValue("Ada Lovelace");
    await expect(fields.message).toHaveValue("Typed before the form's code arrived.");
    await fields.submit.click();
    await expect(page).toHaveURL(/\/thankyou$/i);
    expect(leadsFor(email)).toEqual([
      { kind: "contact", name: "Ada Lovelace", organisation: "Analytical Engines", email, contact_number: "+1(212)5550163", message: "Typed before the form's code arrived." },
    ]);
  });
});

test.describe("the office map", () => {
  test("a pin opens its branch by mouse; a click on the backdrop closes it", async ({ page }) => {
    await openContactPage(page);
    await page.getByRole("button", { name: "Tokyo" }).click();
    const dialog = page.getByRole("dialog", { name: "Tokyo, Japan" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Marunouchi Trust Tower North 8F");
    await expect(dialog.getByRole("link", { name: "+81 3 6880 2410" })).toHaveAttribute("href", "tel:+81368802410");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
  });

  test("a pin opens its branch from the keyboard; Escape closes it and focus returns to the pin", async ({ page }) => {
    await openContactPage(page);
    const pin = page.getByRole("button", { name: "Chennai" });
    await pin.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Chennai, India" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(pin).toBeFocused();
  });

  test.describe("at 375 px wide", () => {
    test.use({ viewport: { width: 375, height: 760 }, hasTouch: true });

    test("drags sideways by mouse and by touch, and a drag does not open a pin", async ({ page }) => {
      await openContactPage(page);
      const viewport = page.locator(".office-map__viewport");
      await viewport.scrollIntoViewIfNeeded();
      const box = await viewport.boundingBox();
      if (!box) throw new Error("no map");
      const scrollLeft = () => viewport.evaluate((element) => element.scrollLeft);
      expect(await scrollLeft()).toBe(0);
      const y = box.y + box.height / 2;

      // A pin reached from the keyboard is brought into view.
      const tokyo = page.getByRole("button", { name: "Tokyo" });
      await tokyo.focus();
      const tokyoBox = await tokyo.boundingBox();
      expect(tokyoBox && tokyoBox.x >= 0 && tokyoBox.x + tokyoBox.width <= 375).toBe(true);
      await viewport.evaluate((element) => (element.scrollLeft = 0));

      await page.mouse.move(box.x + 300, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 200, y, { steps: 5 });
      await page.mouse.move(box.x + 100, y, { steps: 5 });
      await page.mouse.up();
      expect(await scrollLeft()).toBeGreaterThanOrEqual(190);

      const afterMouse = await scrollLeft();
      const cdp = await page.context().newCDPSession(page);
      const touch = async (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
        cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
      await touch("touchStart", box.x + 300);
      for (const x of [280, 250, 220, 190, 160]) await touch("touchMove", box.x + x);
      await touch("touchEnd", box.x + 160);
      expect(await scrollLeft()).toBeGreaterThan(afterMouse + 100);

      // A drag that starts on a pin moves the map and opens nothing.
      const pin = page.getByRole("button", { name: "Chennai" });
      await pin.scrollIntoViewIfNeeded();
      const pinBox = await pin.boundingBox();
      if (!pinBox) throw new Error("no pin");
      await page.mouse.move(pinBox.x + pinBox.width / 2, pinBox.y + pinBox.height / 2);
      await page.mouse.down();
      await page.mouse.move(pinBox.x + pinBox.width / 2 + 80, pinBox.y + pinBox.height / 2, { steps: 5 });
      await page.mouse.up();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await pin.click();
      await expect(page.getByRole("dialog", { name: "Chennai, India" })).toBeVisible();
    });
  });
});
