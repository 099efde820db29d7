import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { e2eNow } from "./env.ts";
import { fixtureList, plain, type FixtureListItem } from "./fixtures.ts";
import { rendered, waitForContent } from "./helpers.ts";

/** SPEC 9 with VITE_LIST_PAGE_SIZE at its default of 9: blogs ask for one more. */
const lists = [
  { path: "/blogs", kind: "blogs", searchLabel: "Search Blog", pageSize: 10, detail: "/blogs" },
  { path: "/casestudies", kind: "casestudies", searchLabel: "Search CaseStudy", pageSize: 9, detail: "/casestudies" },
  { path: "/thoughtpapers", kind: "thoughtpapers", searchLabel: "Search ThoughtPapers", pageSize: 9, detail: "/thoughtPapers" },
] as const;

const byDate = (items: FixtureListItem[], order: "Ascending" | "Descending") =>
  items.toSorted((a, b) => (order === "Ascending" ? a.date.localeCompare(b.date) : b.date.localeCompare(a.date)));

function monthsBefore(iso: string, months: number): Date {
  const date = new Date(iso);
  date.setMonth(date.getMonth() - months);
  return date;
}

/** The addresses the cards on screen link to, in order. */
const cardLinks = (page: Page) => page.locator(".content-list .card-grid a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
const expectCards = async (page: Page, detail: string, items: FixtureListItem[]) =>
  expect.poll(() => cardLinks(page)).toEqual(items.map((item) => `${detail}${item.anchorlink}`));

/** A word that some titles have and others do not. */
function searchWord(items: FixtureListItem[]): string {
  const words = items.flatMap((item) => plain(item.title).split(/[^A-Za-z]+/)).filter((word) => word.length > 5);
  const matching = (word: string) => items.filter((item) => plain(item.title).toLowerCase().includes(word.toLowerCase())).length;
  const word = words.find((w) => matching(w) > 1 && matching(w) < items.length);
  if (!word) throw new Error("no search word in the fixtures");
  return word;
}

async function openList(page: Page, path: string) {
  await page.goto(path);
  await waitForContent(page);
  await expect(page.locator(".content-list .card-grid a[href]").first()).toBeVisible();
}

for (const list of lists) {
  test.describe(`the ${list.kind} list`, () => {
    const items = fixtureList(list.kind);
    const newest = byDate(items, "Descending");
    const pages = Math.ceil(items.length / list.pageSize);

    test("shows the newest first and pages through them; reload and back keep the page", async ({ page }) => {
      await openList(page, list.path);
      await expectCards(page, list.detail, newest.slice(0, list.pageSize));
      const nav = page.getByRole("navigation", { name: "Pagination" });
      await expect(nav.getByRole("link", { name: /^Page \d+$/ })).toHaveCount(pages);
      await nav.getByRole("link", { name: "Page 2" }).click();
      await expect(page).toHaveURL(new RegExp(`${list.path}\\?page=2$`));
      await expect(nav.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
      await expectCards(page, list.detail, newest.slice(list.pageSize, 2 * list.pageSize));
      await page.reload();
      await waitForContent(page);
      await expectCards(page, list.detail, newest.slice(list.pageSize, 2 * list.pageSize));
      await nav.getByRole("link", { name: "Previous page" }).click();
      await expect(page).toHaveURL(new RegExp(`${list.path}$`));
      await expectCards(page, list.detail, newest.slice(0, list.pageSize));
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${list.path}\\?page=2$`));
      await expectCards(page, list.detail, newest.slice(list.pageSize, 2 * list.pageSize));
    });

    test("sorts and filters by date, back to page 1, and the back button undoes each change", async ({ page }) => {
      await openList(page, `${list.path}?page=2`);
      await page.getByRole("combobox", { name: "Sort by" }).selectOption("Ascending");
      await expect(page).toHaveURL(new RegExp(`${list.path}\\?sort=ascending$`));
      await expectCards(page, list.detail, byDate(items, "Ascending").slice(0, list.pageSize));

      await page.getByRole("combobox", { name: "Sort by" }).selectOption("Descending");
      await page.getByRole("combobox", { name: "Filter by" }).selectOption("Last 3 Months");
      const since = monthsBefore(e2eNow, 3).getTime();
      const recent = newest.filter((item) => Date.parse(item.date) >= since && Date.parse(item.date) <= Date.parse(e2eNow));
      if (recent.length > 0) await expectCards(page, list.detail, recent.slice(0, list.pageSize));
      else await expect(page.getByText("No Records Found", { exact: true }).first()).toBeVisible();

      await page.reload();
      await waitForContent(page);
      await expect(page.getByRole("combobox", { name: "Filter by" })).toHaveValue("Last 3 Months");

      await page.goBack();
      await expect(page.getByRole("combobox", { name: "Filter by" })).toHaveValue("All");
      await expectCards(page, list.detail, newest.slice(0, list.pageSize));
    });

    test("searches titles as the visitor types, with one request for the whole word", async ({ page }) => {
      const word = searchWord(items);
      const searches: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/page/GetContentList")) searches.push((JSON.parse(request.postData() ?? "{}") as { search?: string }).search ?? "");
      });
      // The search waits for a pause in typing on the page's clock, which the test moves on below.
      await page.clock.install();
      await openList(page, list.path);
      await page.getByRole("searchbox", { name: list.searchLabel }).pressSequentially(word.toUpperCase());
      await expect(page).toHaveURL(new RegExp(`\\?search=${word.toUpperCase()}$`));
      const found = newest.filter((item) => plain(item.title).toLowerCase().includes(word.toLowerCase()));
      // On a slow machine a pause between keystrokes can pass 300 ms and ask for part of the word
      // (as it should); the request for the whole word still follows the last keystroke, once.
      await expect.poll(() => searches.at(-1)).toBe(word.toUpperCase());
      await expectCards(page, list.detail, found.slice(0, list.pageSize));
      await page.clock.runFor(600);
      await rendered(page);
      expect(searches.filter((search) => search === word.toUpperCase())).toHaveLength(1);

      await page.reload();
      await waitForContent(page);
      await expect(page.getByRole("searchbox", { name: list.searchLabel })).toHaveValue(word.toUpperCase());
      await expectCards(page, list.detail, found.slice(0, list.pageSize));

      await page.getByRole("searchbox", { name: list.searchLabel }).fill("no such words anywhere");
      await expect(page.getByText("No Records Found", { exact: true }).first()).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
    });

    test("has no accessibility violations, with results and with none", async ({ page }) => {
      await openList(page, list.path);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await page.getByRole("searchbox", { name: list.searchLabel }).fill("no such words anywhere");
      await expect(page.getByText("No Records Found", { exact: true }).first()).toBeVisible();
      const empty = await new AxeBuilder({ page }).analyze();
      expect(empty.violations.map((v) => v.id)).toEqual([]);
    });
  });
}

test("a case study card remembers the list view it was opened from, and Back returns to it", async ({ page }) => {
  const studies = byDate(fixtureList("casestudies"), "Descending");
  await openList(page, "/casestudies?page=2");
  const study = studies[9];
  if (!study) throw new Error("fewer than ten case studies");
  await page.getByRole("link", { name: `View success story: ${plain(study.title)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/casestudies${study.anchorlink}$`));
  await waitForContent(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(plain(study.title));
  const stored = await page.evaluate(() => ({ parent: localStorage.getItem("parentPage"), ancestor: localStorage.getItem("ancestorPage") }));
  // The detail page is not an ancestor: the list view stays the last address before it.
  expect(stored).toEqual({ parent: "/casestudies?page=2", ancestor: "/casestudies?page=2" });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/casestudies\?page=2$/);
  await expect(page.getByRole("link", { name: `View success story: ${plain(study.title)}` })).toBeVisible();
});

test("a blog opened directly goes Back to the blog list", async ({ page }) => {
  const [blog] = byDate(fixtureList("blogs"), "Descending");
  if (!blog) throw new Error("no blogs");
  await page.goto(`/blogs${blog.anchorlink}`);
  await waitForContent(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(plain(blog.title));
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await waitForContent(page);
});
