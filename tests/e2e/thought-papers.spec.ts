import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fixtureList, plain } from "./fixtures.ts";
import { storedLeads, waitForBlocks } from "./helpers.ts";

const paper = fixtureList("thoughtpapers").find((item) => item.documentPath);
if (!paper?.documentPath) throw new Error("no thought paper with a document in the fixtures");
const paperName = plain(paper.title);

/** The thought-paper leads the fixture service stored for an address (each test uses its own). */
const leadsFor = (email: string) => storedLeads(email, "kind, name, organisation, email, contact_number AS contactNumber, thought_paper_name AS paper");

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

async function openDialog(page: Page) {
  await page.goto(`/thoughtPapers${paper?.anchorlink ?? ""}`);
  await waitForBlocks(page);
  await page.getByRole("button", { name: "Download Thought Paper" }).click();
  const dialog = page.getByRole("dialog", { name: "Download the thought paper" });
  await expect(dialog.getByRole("textbox", { name: "Full Name" })).toBeVisible();
  return dialog;
}

async function fill(page: Page, email: string) {
  await page.getByRole("textbox", { name: "Full Name" }).fill("Grace Hopper");
  await page.getByRole("textbox", { name: "Organization" }).fill("Compilers & Co");
  await page.getByRole("textbox", { name: "Official Email" }).fill(email);
  await page.getByRole("textbox", { name: "Contact Number" }).pressSequentially("+1 (212) 555-0163");
  await page.getByRole("checkbox", { name: "I'm not a robot" }).check();
}

test.describe("the thought paper page", () => {
  test("is composed of its templates, with a download button for its PDF and no card of itself", async ({ page }) => {
    await page.goto(`/thoughtPapers${paper.anchorlink}`);
    await waitForBlocks(page);
    await expect(page.getByRole("button", { name: "Download Thought Paper" })).toHaveAttribute("value", paper.documentPath ?? "");
    await expect(page.getByRole("link", { name: `Read more: ${paperName}` })).toHaveCount(0);
    await expect(page.locator('[data-slot^="tpl-"]').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("downloads the PDF after the visitor's details are saved, then thanks them", async ({ page }) => {
    const email = `grace.${Date.now()}@compilers.example`;
    const dialog = await openDialog(page);
    await fill(page, email);
    expect(await axeViolations(page)).toEqual([]);
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download", exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${paperName}.pdf`);
    const saved = await file.path();
    expect(readFileSync(saved).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await expect(page).toHaveURL(/\/ThoughtPapers-Thankyou$/);
    await waitForBlocks(page);
    expect(leadsFor(email)).toEqual([{ kind: "thought-paper", name: "Grace Hopper", organisation: "Compilers & Co", email, contactNumber: "+1(212)5550163", paper: paperName }]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("stops when SaveUserInfo answers null: no download, the dialog and the typed values stay", async ({ page }) => {
    await page.route("**/api/thoughtPaper/SaveUserInfo", (route) => route.fulfill({ status: 200, contentType: "application/json", body: "null" }));
    const pdfRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("downloadThoughtPaperPdf")) pdfRequests.push(request.url());
    });
    let downloads = 0;
    page.on("download", () => (downloads += 1));
    const dialog = await openDialog(page);
    await fill(page, "grace@compilers.example");
    await dialog.getByRole("button", { name: "Download", exact: true }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/thoughtPapers${paper.anchorlink}$`));
    await expect(page.getByRole("textbox", { name: "Full Name" })).toHaveValue("Grace Hopper");
    await expect(page.getByRole("textbox", { name: "Official Email" })).toHaveValue("grace@compilers.example");
    expect(pdfRequests).toEqual([]);
    expect(downloads).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("when the PDF cannot be fetched after the details are saved, says so and fetches only the PDF again: one lead", async ({ page }) => {
    // The content service is down for the PDF once (the site forwards its 502); the lead itself was saved.
    let pdfFailures = 1;
    await page.route("**/api/thoughtPaper/downloadThoughtPaperPdf", (route) => {
      if (pdfFailures-- > 0) return route.fulfill({ status: 502, contentType: "application/json", body: JSON.stringify({ error: "the content service could not be reached" }) });
      return route.continue();
    });
    const email = `grace.retry.${Date.now()}@compilers.example`;
    const dialog = await openDialog(page);
    await fill(page, email);
    await dialog.getByRole("button", { name: "Download", exact: true }).click();
    await expect(dialog.getByRole("alert")).toContainText("Your details are saved, so you will not need to enter them again.");
    expect(await axeViolations(page)).toEqual([]);
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Try the download again" }).click();
    expect((await download).suggestedFilename()).toBe(`${paperName}.pdf`);
    await expect(page).toHaveURL(/\/ThoughtPapers-Thankyou$/);
    expect(leadsFor(email)).toHaveLength(1);
  });

  test("its dialog takes focus, keeps Tab inside, and gives focus back to the button on Escape", async ({ page }) => {
    const dialog = await openDialog(page);
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      // The page behind is inert: focus is in the dialog, or (between its last and first control) on no element of the page.
      expect(await page.evaluate(() => document.activeElement === document.body || !!document.activeElement?.closest("dialog"))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Download Thought Paper" })).toBeFocused();
  });

  test("shows the SPEC 5.2 messages on an empty submit, accessibly", async ({ page }) => {
    const dialog = await openDialog(page);
    await dialog.getByRole("button", { name: "Download", exact: true }).click();
    for (const message of ["Please enter the Firstname Lastname", "Please enter the Organization", "Please enter the Official email ID", "Please enter the Contact number", "Please ensure you are not a robo"]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(page.getByRole("textbox", { name: "Full Name" })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });
});
