import { expect, test } from "@playwright/test";
import { disclosure } from "./helpers.ts";

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
