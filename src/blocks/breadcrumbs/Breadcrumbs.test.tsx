import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { menuItem, page, wireMenus } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { expectNoExecutableMarkup, xssSample } from "../../../tests/xss.ts";
import { MenuListSchema } from "../../content/contract.ts";
import type { SiteChrome } from "../../runtime/siteData.ts";
import { block } from "./Breadcrumbs.tsx";
import { breadcrumbsOptions } from "./options.ts";

/** The site's menus, as the root route's loader has them (undefined: not loaded). */
let chrome: SiteChrome | undefined;
const withMenus = (menus: unknown): SiteChrome => ({ menus: MenuListSchema.parse(menus), resources: {} });
beforeEach(() => (chrome = withMenus(wireMenus("Northwind "))));

const trail = () => screen.queryByRole("navigation", { name: "Breadcrumb" });
/** The crumbs as "text -> href", the current page marked with "*". */
function crumbs(): string[] {
  const nav = trail();
  if (!nav) throw new Error("no breadcrumbs");
  expect(within(nav).getByRole("list").tagName).toBe("OL");
  return within(nav)
    .getAllByRole("listitem")
    .map((item) => {
      const link = within(item).getByRole("link");
      return `${link.textContent}${link.getAttribute("aria-current") === "page" ? "*" : ""} -> ${link.getAttribute("href") ?? ""}`;
    });
}

function structuredData(): { "@type": string; itemListElement: { position: number; name: string; item: string }[] } {
  const script = document.querySelector('script[type="application/ld+json"]');
  if (!script) throw new Error("no structured data");
  return JSON.parse(script.textContent) as ReturnType<typeof structuredData>;
}

describe("breadcrumbs", () => {
  it("gives Home, one crumb per segment with the navigation's link text (any case), and the page last, current", () => {
    renderBlock(block, { chrome, path: "/smart-work-solutions/OPERATIONS-transformation/utilities" });
    // Each link is the page's one address, the route table's spelling (src/content/canonicalAddress.ts), not a 301 away.
    expect(crumbs()).toEqual([
      "Home -> /Home",
      "Smart Work -> /Smart-work-solutions",
      "Operations Transformation -> /Smart-work-solutions/operations-transformation",
      "Utilities* -> /Smart-work-solutions/operations-transformation/utilities",
    ]);
  });

  it("shows a segment without a navigation link as its text, hyphens as spaces", () => {
    renderBlock(block, { chrome, path: "/smart-work-solutions/shared-services-transformation" });
    expect(crumbs()).toEqual(["Home -> /Home", "Smart Work -> /Smart-work-solutions", "shared services transformation* -> /smart-work-solutions/shared-services-transformation"]);
  });

  it("prefers the dropdown navigation's text for an address that several menus link to", () => {
    chrome = withMenus(wireMenus("X-", { BottomRight: [menuItem("Our blog", "/blogs")], TopNext: [menuItem("Insights", "", [menuItem("Blogs", "/blogs/")])] }));
    renderBlock(block, { chrome, path: "/blogs/future-of-work" });
    expect(crumbs()).toEqual(["Home -> /Home", "Blogs -> /blogs", "future of work* -> /blogs/future-of-work"]);
  });

  it("works without menus", () => {
    chrome = undefined;
    renderBlock(block, { chrome, path: "/about-us" });
    expect(crumbs()).toEqual(["Home -> /Home", "about us* -> /about-us"]);
  });

  it.each(["/Home", "/home/", "/"])("shows nothing on the home page (%s)", (path) => {
    renderBlock(block, { chrome, path });
    expect(trail()).toBeNull();
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it("takes the layout's trail between Home and the page instead of the segments: routes by name, or site paths", () => {
    renderBlock(block, { chrome, path: "/casestudies/retail-rollout", options: { trail: [{ route: "caseStudies", label: "Case Studies" }, { href: "/our-archive", label: "Archive" }] } });
    expect(crumbs()).toEqual(["Home -> /Home", "Case Studies -> /casestudies", "Archive -> /our-archive", "retail rollout* -> /casestudies/retail-rollout"]);
  });

  it("refuses a trail crumb with an unknown route name, a detail route, or both a route and an href", () => {
    for (const crumb of [{ route: "caseStudys" }, { route: "caseStudy" }, { route: "blogs", href: "/blogs" }, {}]) {
      expect(breadcrumbsOptions.safeParse({ trail: [crumb] }).success, JSON.stringify(crumb)).toBe(false);
    }
  });

  it("labels a trail crumb without a label from the navigation, else from its address", () => {
    renderBlock(block, { chrome, path: "/x/y/z", options: { trail: [{ href: "/thoughtpapers" }, { href: "/our-archive" }] } });
    expect(crumbs()).toEqual(["Home -> /Home", "Thought Papers -> /thoughtpapers", "our archive -> /our-archive", "z* -> /x/y/z"]);
  });

  it("can name the page by a page field, as plain text, falling back to the address", () => {
    renderBlock(block, { chrome, path: "/ThoughtPapers-Thankyou", page: page({ title: "Thank you for <em>downloading</em>" }), options: { trail: [], current: "title" } });
    expect(crumbs()).toEqual(["Home -> /Home", "Thank you for downloading* -> /ThoughtPapers-Thankyou"]);
  });

  it("falls back to the address when the chosen page field is empty", () => {
    renderBlock(block, { chrome, path: "/Feedback", page: page({ heading1: null }), options: { current: "heading1" } });
    expect(crumbs()).toEqual(["Home -> /Home", "Feedback* -> /Feedback"]);
  });

  it("emits the same trail as BreadcrumbList structured data, with absolute addresses", () => {
    renderBlock(block, { chrome, path: "/smart-work-solutions/shared-services-transformation" });
    const data = structuredData();
    expect(data["@type"]).toBe("BreadcrumbList");
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "http://site.test/Home" },
      { "@type": "ListItem", position: 2, name: "Smart Work", item: "http://site.test/smart-work-solutions" },
      { "@type": "ListItem", position: 3, name: "shared services transformation", item: "http://site.test/smart-work-solutions/shared-services-transformation" },
    ]);
  });

  it("keeps hostile menu text inert, in the trail and in the structured data", () => {
    // Entities decode to text that holds "<" ("</script>" as plain text): the case the JSON escaping is for.
    const hostile = ["&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;", "a <!-- b", "</script><script>alert(1)</script>", '<img src=x onerror="alert(2)">', ...xssSample(400)];
    chrome = withMenus([{ MenuGroupName: "Evil-TopNext", MenuList: hostile.map((name, i) => menuItem(name, `/p${i}`)) }]);
    for (const [i, name] of hostile.entries()) {
      const { container, unmount } = renderBlock(block, { chrome, path: `/p${i}/leaf` });
      expectNoExecutableMarkup(container, name);
      const script = container.querySelector('script[type="application/ld+json"]');
      // Nothing in the data can end its script element or start a comment.
      expect(script?.textContent).not.toContain("<");
      expect(structuredData().itemListElement[1]?.name).toBe(within(container).getAllByRole("link")[1]?.textContent);
      unmount();
    }
  });

  it("accepts only site paths in a layout's trail", () => {
    expect(breadcrumbsOptions.safeParse({ trail: [{ href: "/blogs" }] }).success).toBe(true);
    for (const href of ["https://elsewhere.example", "//elsewhere.example", "blogs", "javascript:alert(1)"]) {
      expect(breadcrumbsOptions.safeParse({ trail: [{ href }] }).success, href).toBe(false);
    }
  });
});
