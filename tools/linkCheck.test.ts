// @vitest-environment node
import { describe, expect, it } from "vitest";
import { checkLinks, formatReport, pageLinks, type SiteAnswer } from "./linkCheck.ts";

const siteUrl = "http://127.0.0.1:4461";

/** A page in the site's own shape: header navigation, a section with a heading, content HTML, a footer. */
function sitePage({ menu = ["/Home"], section = [] as string[], footer = [] as string[] } = {}): string {
  const links = (hrefs: string[]) => hrefs.map((href, index) => `<li><a href="${href}">Link ${index + 1}</a></li>`).join("");
  return `<!doctype html><html><body><div id="root">
    <header class="site-header"><nav aria-label="Main"><ul>${links(menu)}</ul></nav></header>
    <main><section data-slot="long-description" aria-labelledby="h"><div class="container"><h2 id="h">Our story</h2>
      <div class="prose"><p>Read <a href="${section[0] ?? "#top"}">this</a>.</p></div></div></section>
      <article aria-labelledby="t"><h1 id="t">A post</h1>${links(section.slice(1))}</article></main>
    <footer class="site-footer"><nav aria-label="Footer">${links(footer)}</nav></footer>
  </div></body></html>`;
}

/** A site of canned answers, counting how often each address is read. */
function site(answers: Record<string, SiteAnswer>) {
  const reads = new Map<string, number>();
  const read = (path: string) => {
    reads.set(path, (reads.get(path) ?? 0) + 1);
    return Promise.resolve(answers[path] ?? { status: 302, location: "/" });
  };
  return { read, reads };
}

describe("link integrity", () => {
  it("finds internal links in every part of a page, and says where each one is", () => {
    const html = sitePage({ menu: ["/about-us", "https://other.example/x", "mailto:a@b.example"], section: ["/blogs/post?x=1#part", "/casestudies/one"], footer: [`${siteUrl}/privacy-policy`, "//other.example/y"] });
    const links = pageLinks(html, "/Home", siteUrl).map(({ target, link }) => [target, link.where, link.text]);
    expect(links).toEqual([
      ["/about-us", 'header › navigation "Main"', "Link 1"],
      ["/blogs/post", 'section "Our story" (slot long-description)', "this"],
      ["/casestudies/one", 'article "A post"', "Link 1"],
      ["/privacy-policy", 'footer › navigation "Footer"', "Link 1"],
    ]);
  });

  it("reads links as browsers parse HTML: any case of tag and attribute names, an unclosed paragraph, a <base>", () => {
    const html = '<html><head><BASE HREF="/blogs/"></head><body><NAV aria-label="Main"><p><A HREF="one">One</A><p><a href=" ../two ">Two</a></NAV></body></html>';
    expect(pageLinks(html, "/Home", siteUrl).map(({ target, link }) => [target, link.where, link.text])).toEqual([
      ["/blogs/one", 'navigation "Main"', "One"],
      ["/two", 'navigation "Main"', "Two"],
    ]);
  });

  it("takes absolute links to the public origin as the site's own", () => {
    const html = sitePage({ menu: ["https://www.site.example/Feedback"] });
    expect(pageLinks(html, "/Home", siteUrl).map(({ target }) => target)).toEqual([]);
    expect(pageLinks(html, "/Home", siteUrl, "https://www.site.example").map(({ target }) => target)).toEqual(["/Feedback"]);
  });

  it("lists a link to a missing detail page (404) and to an address the content service does not have (sent home), with its page and place", async () => {
    const { read, reads } = site({
      "/": { status: 301, location: "/Home" },
      "/Home": { status: 200, html: sitePage({ menu: ["/about-us", "/gone"], section: ["/blogs/missing"] }) },
      "/about-us": { status: 200, html: sitePage({ menu: ["/about-us", "/gone"] }) },
      "/blogs/missing": { status: 404, html: "<p>not found</p>" },
    });
    const report = await checkLinks({ seeds: ["/"], read, siteUrl });
    expect(report.pages).toBe(2);
    expect(report.broken.map(({ target, why, from }) => ({ target, why, from: from.map((link) => `${link.page}: ${link.where}`) }))).toEqual([
      { target: "/blogs/missing", why: "no such page (404)", from: ['/Home: section "Our story" (slot long-description)'] },
      { target: "/gone", why: expect.stringContaining("id 0") as unknown, from: ['/Home: header › navigation "Main"', '/about-us: header › navigation "Main"'] },
    ]);
    // Each address is read once, however many pages link to it.
    expect([...reads.values()].every((count) => count === 1)).toBe(true);
    const lines = formatReport(report).join("\n");
    expect(lines).toContain("broken: /gone");
    expect(lines).toContain('"Link 2" (href="/gone") in header › navigation "Main", on /Home, /about-us');
  });

  it("follows the route table's redirects, reads the pages links lead to, and never fetches another site", async () => {
    const { read, reads } = site({
      "/Home": { status: 200, html: sitePage({ menu: ["/old", "https://other.example/page"] }) },
      "/old": { status: 301, location: "/new" },
      "/new": { status: 200, html: sitePage({ menu: ["/deeper"] }) },
      "/deeper": { status: 200, html: sitePage() },
      "/media/a.pdf": { status: 0, unknown: "a file the export does not hold" },
    });
    const report = await checkLinks({ seeds: ["/Home"], read, siteUrl });
    expect(report.broken).toEqual([]);
    expect(reads.get("/deeper")).toBe(1);
    expect([...reads.keys()].some((path) => path.includes("other.example"))).toBe(false);
    // Without following, only the seeds' own links are checked.
    const shallow = site({ "/Home": { status: 200, html: sitePage({ menu: ["/new", "/media/a.pdf"] }) }, "/new": { status: 200, html: sitePage({ menu: ["/never-read"] }) }, "/media/a.pdf": { status: 0, unknown: "a file the export does not hold" } });
    const report2 = await checkLinks({ seeds: ["/Home"], read: shallow.read, siteUrl, follow: false });
    expect(shallow.reads.has("/never-read")).toBe(false);
    expect(report2.unchecked.map(({ target, why }) => [target, why])).toEqual([["/media/a.pdf", "a file the export does not hold"]]);
  });

  it("does not call an address broken when the site itself failed; it is listed as not checked", async () => {
    const { read } = site({ "/Home": { status: 200, html: sitePage({ menu: ["/flaky"] }) }, "/flaky": { status: 503 } });
    const report = await checkLinks({ seeds: ["/Home"], read, siteUrl });
    expect(report.broken).toEqual([]);
    expect(report.unchecked.map(({ target, why }) => [target, why])).toEqual([["/flaky", "the site answered 503"]]);
  });
});
