import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "../../../tests/builders.ts";
import { cannedFetch, fixtureService, renderBlockAt, requestUrl, serviceFetch, testRuntime } from "../../../tests/harness.tsx";
import type { ContentListRequest } from "../../content/contract.ts";
import { toPlainText } from "../../ui/text.ts";
import { block } from "./ContentList.tsx";

/** Generous waits: the suite shares a busy machine. */
const slow = { timeout: 5000 };

const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockClear();
  // jsdom lays nothing out, so it has no scrolling to do.
  Object.defineProperty(Element.prototype, "scrollIntoView", { value: scrollIntoView, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Text on the page, not counting the announcement of it. */
const shown = (text: string) => screen.findByText(text, { ignore: "[role=status], script, style" }, slow);

interface FixtureItem {
  title: string;
  date: string;
  anchorlink: string;
}
const fixtureItems = (kind: string) =>
  (JSON.parse(readFileSync(`fixtures/content/${kind}.json`, "utf8")) as FixtureItem[]).toSorted((a, b) => b.date.localeCompare(a.date));

/** The fixture content service, with every list request it was sent. */
function listService() {
  const requests: ContentListRequest[] = [];
  const service = serviceFetch(fixtureService());
  const fetch: typeof globalThis.fetch = (input, init) => {
    if (requestUrl(input).endsWith("/api/page/GetContentList")) requests.push(JSON.parse(typeof init?.body === "string" ? init.body : "null") as ContentListRequest);
    return service(input, init);
  };
  return { runtime: testRuntime({ fetch }), requests };
}

const blogList = { options: { contentType: "Blogs", searchLabel: "Search Blog", extraItems: 1 }, page: page({ name: "Blogs" }), title: "All Blogs" };

const cardTitles = () => within(screen.getByRole("region", { name: "All Blogs" })).queryAllByRole("heading", { level: 3 }).map((h) => h.textContent);
const pagination = () => screen.getByRole("navigation", { name: "Pagination" });

describe("content-list", () => {
  it("loads the newest blogs, VITE_LIST_PAGE_SIZE + 1 of them, as blog cards with numbered pages", async () => {
    const { runtime, requests } = listService();
    renderBlockAt("/blogs", block, blogList, runtime);
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toHaveLength(10), slow);
    const newest = fixtureItems("blogs");
    expect(cardTitles()).toEqual(newest.slice(0, 10).map((item) => toPlainText(item.title)));
    expect(requests).toEqual([{ contentType: 2, search: "", sort: "Descending", pageName: "Blogs", pageSize: 10, PageNo: 1, Filter: "All" }]);
    const pages = Math.ceil(newest.length / 10);
    expect(within(pagination()).getAllByRole("link", { name: /^Page \d+$/ })).toHaveLength(pages);
    expect(within(pagination()).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(within(pagination()).queryByRole("link", { name: "Previous page" })).toBeNull();
    expect(within(pagination()).getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/blogs?page=2");
    expect(screen.getByRole("status")).toHaveTextContent(`${newest.length} results, page 1 of ${pages}`);
    // Blog cards link to /blogs{anchorlink}.
    expect(screen.getByRole("link", { name: toPlainText(newest[0]?.title) })).toHaveAttribute("href", `/blogs${newest[0]?.anchorlink ?? ""}`);
  });

  it("starts from the search, sort, filter and page in the address", async () => {
    const { runtime, requests } = listService();
    renderBlockAt("/blogs?search=automation&sort=ascending&filter=last-6-months&page=1", block, blogList, runtime);
    await waitFor(() => expect(requests).toHaveLength(1), slow);
    expect(requests[0]).toMatchObject({ search: "automation", sort: "Ascending", Filter: "Last 6 Months", PageNo: 1 });
    expect(screen.getByRole("searchbox", { name: "Search Blog" })).toHaveValue("automation");
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("Ascending");
    expect(screen.getByRole("combobox", { name: "Filter by" })).toHaveValue("Last 6 Months");
  });

  it("searches as the visitor types: one request 300 ms after the last key, the address follows, back to page 1", async () => {
    const { runtime, requests } = listService();
    const { router } = renderBlockAt("/blogs?page=2", block, blogList, runtime);
    await waitFor(() => expect(cardTitles().length).toBeGreaterThan(0), slow);
    vi.useFakeTimers();
    // Key by key, as typing does, each change well within 300 ms of the one before.
    const box = screen.getByRole("searchbox", { name: "Search Blog" });
    for (let length = 1; length <= "Automation".length; length++) {
      if (length > 1) await act(() => vi.advanceTimersByTimeAsync(250));
      fireEvent.change(box, { target: { value: "Automation".slice(0, length) } });
    }
    expect(router.state.location.search).toBe("?search=Automation");
    // Typing replaces the address rather than adding an entry per key.
    expect(router.state.historyAction).toBe("REPLACE");
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(requests).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    expect(requests.map((r) => [r.search, r.PageNo])).toEqual([["", 2], ["Automation", 1]]);
    const wanted = fixtureItems("blogs").filter((item) => toPlainText(item.title).toLowerCase().includes("automation"));
    await waitFor(() => expect(cardTitles()).toEqual(wanted.slice(0, 10).map((item) => toPlainText(item.title))), slow);
    expect(screen.getByRole("searchbox", { name: "Search Blog" })).toHaveValue("Automation");
  });

  it("sorts and filters through the address; the back button returns to the earlier view", async () => {
    const { runtime, requests } = listService();
    const { router } = renderBlockAt("/blogs?page=2", block, blogList, runtime);
    await waitFor(() => expect(cardTitles().length).toBeGreaterThan(0), slow);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Ascending");
    expect(router.state.location.search).toBe("?sort=ascending");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Filter by" }), "Last 3 Months");
    expect(router.state.location.search).toBe("?sort=ascending&filter=last-3-months");
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ sort: "Ascending", Filter: "Last 3 Months", PageNo: 1 }), slow);
    await act(() => router.navigate(-1));
    expect(screen.getByRole("combobox", { name: "Filter by" })).toHaveValue("All");
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("Ascending");
    await act(() => router.navigate(-1));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ sort: "Descending", Filter: "All", PageNo: 2 }), slow);
  });

  it("reads the search back from the address when the visitor goes back", async () => {
    const { runtime } = listService();
    const { router } = renderBlockAt("/blogs?search=data", block, blogList, runtime);
    await act(() => router.navigate("/blogs?search=claims"));
    await act(() => router.navigate(-1));
    expect(screen.getByRole("searchbox", { name: "Search Blog" })).toHaveValue("data");
  });

  it("moves between pages with the numbers and arrows", async () => {
    const { runtime, requests } = listService();
    const { router } = renderBlockAt("/blogs", block, blogList, runtime);
    await waitFor(() => expect(cardTitles()).toHaveLength(10), slow);
    await userEvent.click(within(pagination()).getByRole("link", { name: "Page 3" }));
    expect(router.state.location.search).toBe("?page=3");
    // The new page is read from the top of the list.
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(requests.at(-1)?.PageNo).toBe(3), slow);
    await userEvent.click(within(pagination()).getByRole("link", { name: "Previous page" }));
    await waitFor(() => expect(within(pagination()).getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page"), slow);
    await waitFor(() => expect(cardTitles()).toEqual(fixtureItems("blogs").slice(10, 20).map((item) => toPlainText(item.title))), slow);
  });

  it('says "No Records Found" when nothing matches, and announces it', async () => {
    const { runtime } = listService();
    renderBlockAt("/blogs?search=no-such-words-anywhere", block, blogList, runtime);
    expect(await shown("No Records Found")).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("No Records Found");
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("offers Try again when the list cannot be loaded", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let down = true;
    const { runtime } = listService();
    const working = runtime.client;
    const failing = testRuntime({ fetch: cannedFetch({}) }).client;
    renderBlockAt("/blogs", block, blogList, { ...runtime, client: { ...working, getContentList: (request, signal) => (down ? failing : working).getContentList(request, signal) } });
    expect(await shown("The list could not be loaded.")).toBeVisible();
    down = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(cardTitles()).toHaveLength(10), slow);
  });

  it("shows a window of 5 pages on a narrow screen", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("max-width"), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    const contents = Array.from({ length: 9 }, (_, i) => ({ id: i + 1, type: 11, title: `Study ${i + 1}`, anchorlink: `/study-${i + 1}`, ...(i === 0 ? { totalRow: 120 } : {}) }));
    const runtime = testRuntime({ fetch: cannedFetch({ other: { "/api/page/GetContentList": { contents } } }) });
    renderBlockAt("/casestudies?page=7", block, { options: { contentType: "CaseStudies", searchLabel: "Search CaseStudy" }, page: page({ name: "CaseStudies" }) }, runtime);
    await screen.findByRole("heading", { name: "Study 1" }, slow);
    expect(within(pagination()).getAllByRole("link", { name: /^Page/ }).map((link) => link.textContent)).toEqual(["5", "6", "7", "8", "9"]);
  });

  it("lists its cards and a window of pages on a wide screen when a service counts a trillion matches", async () => {
    const contents = Array.from({ length: 9 }, (_, i) => ({ id: i + 1, type: 11, title: `Study ${i + 1}`, anchorlink: `/study-${i + 1}`, ...(i === 0 ? { totalRow: 1e12 } : {}) }));
    const runtime = testRuntime({ fetch: cannedFetch({ other: { "/api/page/GetContentList": { contents } } }) });
    renderBlockAt("/casestudies?page=7", block, { options: { contentType: "CaseStudies", searchLabel: "Search CaseStudy" }, page: page({ name: "CaseStudies" }) }, runtime);
    await screen.findByRole("heading", { name: "Study 9" }, slow);
    expect(within(pagination()).getAllByRole("link", { name: /^Page/ }).map((link) => link.textContent)).toEqual(["3", "4", "5", "6", "7", "8", "9", "10", "11"]);
  });

  it("shows case studies and thought papers with their own cards, linking to their lists' addresses", async () => {
    const { runtime } = listService();
    renderBlockAt("/casestudies", block, { options: { contentType: "CaseStudies", searchLabel: "Search CaseStudy" }, page: page({ name: "CaseStudies" }) }, runtime);
    const [study] = fixtureItems("casestudies");
    expect(await screen.findByRole("link", { name: `View success story: ${toPlainText(study?.title)}` }, slow)).toHaveAttribute("href", `/casestudies${study?.anchorlink ?? ""}`);
  });

  it("links thought paper cards to the paper's page, /thoughtPapers{anchorlink}, and remembers the list view clicked from", async () => {
    const { runtime } = listService();
    const { router } = renderBlockAt("/thoughtpapers?sort=ascending", block, { options: { contentType: "ThoughtPapers", searchLabel: "Search ThoughtPapers" }, page: page({ name: "thoughtPapers" }) }, runtime);
    const [oldest] = fixtureItems("thoughtpapers").toReversed();
    const link = await screen.findByRole("link", { name: `Read more: ${toPlainText(oldest?.title)}` }, slow);
    expect(link).toHaveAttribute("href", `/thoughtPapers${oldest?.anchorlink ?? ""}`);
    window.history.replaceState(null, "", `${router.state.location.pathname}${router.state.location.search}`);
    await userEvent.click(link);
    expect(window.localStorage.getItem("parentPage")).toBe("/thoughtpapers?sort=ascending");
  });
});
