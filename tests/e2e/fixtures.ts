/** What the e2e tests know of the fixture content: read from the same files the service serves. */
import { readFileSync, readdirSync } from "node:fs";
import routes from "../../registry/routes.json" with { type: "json" };
import { MenuListSchema } from "../../src/content/contract.ts";
import { menusBySlot } from "../../src/content/menus.ts";

export interface FixturePage {
  name?: string | null;
  title?: string | null;
  heading?: string | null;
  heading1?: string | null;
}

export function fixturePage(name: string): FixturePage {
  const file = readdirSync("fixtures/pages").find((f) => f.toLowerCase() === `${name.toLowerCase()}.json`);
  if (!file) throw new Error(`no fixture page ${name}`);
  return JSON.parse(readFileSync(`fixtures/pages/${file}`, "utf8")) as FixturePage;
}

export interface FixtureListItem {
  title: string;
  anchorlink: string;
  date: string;
  documentPath?: string;
}

export function fixtureList(kind: "blogs" | "casestudies" | "thoughtpapers"): FixtureListItem[] {
  return JSON.parse(readFileSync(`fixtures/content/${kind}.json`, "utf8")) as FixtureListItem[];
}

export const plain = (html: string | null | undefined) => (html ?? "").replace(/<[^>]*>/g, "").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();

/** Every fixed route of registry/routes.json with the page it shows. */
export const fixedRoutes = routes.routes.flatMap((route) => ("page" in route && typeof route.page === "string" ? [{ path: route.path, page: route.page }] : []));

/** The fixture service's menus by slot, read through the contract as the site reads them. */
export const fixtureMenus = menusBySlot(MenuListSchema.parse(JSON.parse(readFileSync("fixtures/menus.json", "utf8"))));
