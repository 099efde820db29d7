/**
 * The list, detail and thank-you pages as a visitor reaches them on the fixture content
 * service: what their layouts mount (SPEC 2.8, 2.9) with the content the service holds.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { config } from "../src/config.ts";
import { toPlainText } from "../src/ui/text.ts";
import { fixtureService, renderSite, serviceFetch, testRuntime } from "./harness.tsx";

interface FixtureItem {
  title: string;
  date: string;
  anchorlink: string;
  documentPath?: string;
  detail?: { conetentTemplates?: { templateName: string }[]; contents?: { type: number; title: string; tags?: string[] }[] };
}
const fixtures = (kind: "blogs" | "casestudies" | "thoughtpapers") => JSON.parse(readFileSync(`fixtures/content/${kind}.json`, "utf8")) as FixtureItem[];

function open(path: string) {
  renderSite(path, testRuntime({ fetch: serviceFetch(fixtureService()) }));
}

describe("list pages", () => {
  it.each([
    ["/blogs", "Search Blog", "All Blogs", config.listPageSize + 1],
    ["/casestudies", "Search CaseStudy", "All Case Studies", config.listPageSize],
    ["/thoughtpapers", "Search ThoughtPapers", "All Thought Papers", config.listPageSize],
  ])("%s: the page's hero, then the list with its search box and a page of cards", async (path, searchLabel, heading, pageSize) => {
    open(path);
    await screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
    const list = await screen.findByRole("region", { name: heading }, { timeout: 5000 });
    expect(within(list).getByRole("searchbox", { name: searchLabel })).toBeInTheDocument();
    expect(within(list).getByRole("combobox", { name: "Sort by" })).toBeInTheDocument();
    expect(within(list).getByRole("combobox", { name: "Filter by" })).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole("heading", { level: 3 })).toHaveLength(pageSize), { timeout: 5000 });
  });
});

describe("detail pages", () => {
  it("a blog: its title, author and date in the hero, its body, and Back", async () => {
    const blog = fixtures("blogs")[0];
    if (!blog) throw new Error("no blogs");
    open(`/blogs${blog.anchorlink}`);
    expect(await screen.findByRole("heading", { level: 1, name: toPlainText(blog.title) }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back" })).toBeInTheDocument();
    expect(document.querySelector(".article__author-image")).not.toBeNull();
    expect(document.querySelector(".article .prose")?.textContent.length).toBeGreaterThan(100);
  });

  it("a case study: its title and date in the hero, its body, and Back", async () => {
    const study = fixtures("casestudies")[0];
    if (!study) throw new Error("no case studies");
    open(`/casestudies${study.anchorlink}`);
    expect(await screen.findByRole("heading", { level: 1, name: toPlainText(study.title) }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back" })).toBeInTheDocument();
    expect(document.querySelector(".article time")).toHaveAttribute("datetime", study.date);
  });

  it("a thought paper: composed from its content templates, with its download button and never its own card", async () => {
    const paper = fixtures("thoughtpapers").find((item) => item.detail?.conetentTemplates?.length);
    if (!paper) throw new Error("no thought paper with templates");
    open(`/thoughtPapers${paper.anchorlink}`);
    await screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
    const button = await screen.findByRole("button", { name: "Download Thought Paper" }, { timeout: 5000 });
    expect(button).toHaveAttribute("value", paper.documentPath);
    // One section per content template, in their order.
    await waitFor(() => expect(document.querySelectorAll('[data-slot^="tpl-"]')).toHaveLength(paper.detail?.conetentTemplates?.length ?? 0), { timeout: 5000 });
    expect(screen.queryByRole("link", { name: `Read more: ${toPlainText(paper.title)}` })).toBeNull();
  });
});

describe("thank-you pages", () => {
  it.each(["/Thankyou", "/ThoughtPapers-Thankyou"])("%s: the content block, then the next steps and the page's carousels", async (path) => {
    open(path);
    await screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
    const nextSteps = await screen.findByRole("region", { name: "Next Steps" }, { timeout: 5000 });
    expect(within(nextSteps).getByRole("group", { name: "Next Steps" })).toHaveAttribute("aria-roledescription", "carousel");
    const content = document.querySelector(".prose");
    if (!content) throw new Error("no content block");
    expect(content.compareDocumentPosition(nextSteps) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole("group").filter((group) => group.getAttribute("aria-roledescription") === "carousel")).toHaveLength(2);
  });
});
