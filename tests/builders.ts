/**
 * Builders of wire-shaped content (what the service sends) with overrides, for tests that
 * need a Page or an item without depending on the fixture files.
 */
import { PageSchema, contentTypeCodes, type ContentTypeName, type Page } from "../src/content/contract.ts";

export type WireItem = Record<string, unknown>;
export type WirePage = Record<string, unknown>;

let nextId = 1;

export function wireItem(type: ContentTypeName, overrides: WireItem = {}): WireItem {
  const id = nextId++;
  return {
    id,
    type: contentTypeCodes[type],
    title: `${type} item ${id}`,
    shortDesc: `<p>About ${type.toLowerCase()} item ${id}.</p>`,
    longDesc: null,
    image: `/media/${type.toLowerCase()}-${id}.svg`,
    tags: [],
    ...overrides,
  };
}

export function wirePage(overrides: WirePage = {}): WirePage {
  return {
    id: 4242,
    name: "Test-Page",
    title: "Test page | Corvane",
    heading: "A test page",
    shortDesc: "<p>Short description.</p>",
    longDesc: "<p>Long description.</p>",
    contents: [],
    conetentTemplates: [],
    carouselList: [],
    resources: {},
    ...overrides,
  };
}

/** A parsed Page, as components receive it. */
export function page(overrides: WirePage = {}): Page {
  return PageSchema.parse(wirePage(overrides));
}

export interface WireMenuItem {
  MenuName: string;
  PageURL: string | null;
  SubMenu: WireMenuItem[] | null;
}

export const menuItem = (MenuName: string, PageURL: string | null, SubMenu: WireMenuItem[] | null = null): WireMenuItem => ({ MenuName, PageURL, SubMenu });

/**
 * A GetMenuList answer with every slot of CONTENT-API 2 filled, under any group-name prefix:
 * the site must find the slots by their suffix whatever the prefix is.
 */
export function wireMenus(prefix: string, overrides: Partial<Record<"Top" | "TopNext" | "BottomLeft" | "BottomCenter" | "BottomRight" | "Bottom", WireMenuItem[]>> = {}) {
  const slots = {
    Top: [menuItem("About Us", "/about-us"), menuItem("People", "/People"), menuItem("Experience Center", "/Experience"), menuItem("Contact Us", "/contact-us")],
    TopNext: [
      menuItem("Brand & Creative", "/global-brand-solutions", [
        menuItem("Branding & Creative", "/global-brand-solutions/branding-creative"),
        menuItem("Creative Production", "/global-brand-solutions/creative-production", [
          menuItem("Presentation Services", "/global-brand-solutions/creative-production/presentation-services"),
          menuItem("3D Solutions", "/global-brand-solutions/creative-production/3d-solutions"),
        ]),
      ]),
      menuItem("Smart Work", "/Smart-work-solutions", [
        menuItem("Operations Transformation", "/Smart-work-solutions/operations-transformation", [menuItem("Utilities", "/Smart-work-solutions/operations-transformation/utilities")]),
      ]),
      menuItem("Insights", "", [menuItem("Blogs", "/blogs"), menuItem("Case Studies", "/casestudies"), menuItem("Thought Papers", "/thoughtpapers")]),
    ],
    BottomLeft: [menuItem("Brand & Creative Solutions", "/global-brand-solutions"), menuItem("Smart Work Solutions", "/Smart-work-solutions")],
    BottomCenter: [menuItem("About Us", "/about-us"), menuItem("Careers", "https://careers.example.org/jobs"), menuItem("Partner Portal", "https://partners.example.org/")],
    BottomRight: [menuItem("Blogs", "/blogs"), menuItem("Contact Us", "/contact-us")],
    Bottom: [menuItem("Privacy Policy", "/privacy-policy"), menuItem("Cookie Settings", "#cookie-settings"), menuItem("Do Not Sell or Share My Information", "/do-not-sell-or-share-my-information")],
    ...overrides,
  };
  return Object.entries(slots).map(([slot, MenuList]) => ({ MenuGroupName: `${prefix}${slot}`, MenuList }));
}
