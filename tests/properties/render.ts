/**
 * A page rendered the way a visitor gets it: a GET through the server's renderer
 * (src/ssr/entry-server.tsx `openSite(…).renderDocument`) on the fixture content service, or with one page
 * answer replaced (a mutated or generated page). The layout inspector's verdict on the same
 * page comes along, for the "every slot renders or has a reason" invariant.
 */
import { readFileSync, readdirSync } from "node:fs";
import { readLayoutFiles } from "../../src/build/siteConfig.ts";
import { organizationJsonLd, organizationPlaceholder } from "../../src/build/organizationPlugin.ts";
import { createContentClient } from "../../src/content/client.ts";
import { inspectAddress } from "../../src/inspector/inspectAddress.ts";
import type { PageInspection } from "../../src/inspector/inspect.ts";
import { routeTable } from "../../src/runtime/registry.ts";
import { openSite } from "../../src/ssr/entry-server.tsx";
import { fixtureService, requestUrl, serviceFetch } from "../harness.tsx";

export const siteUrl = "https://www.corvane.example";
const template = readFileSync("index.html", "utf8").replace(organizationPlaceholder, organizationJsonLd("."));
/** The site opened once on the template, as the server opens it on its build. */
const site = openSite({ template, manifest: {} });
const layouts = readLayoutFiles("layouts");
const service = serviceFetch(fixtureService());

/** Every fixture page file's name (fixtures/pages/<name>.json), read afresh: a page added is covered on the next run. */
export const fixturePageNames = (): string[] =>
  readdirSync("fixtures/pages")
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => file.slice(0, -".json".length));

/** The address that shows a fixture page: its route's, or (a page no route names) the catch-all's `/<name>`. */
export function fixtureAddress(name: string): string {
  const route = routeTable.routes.find((entry) => !entry.path.includes(":") && entry.page?.toLowerCase() === name.toLowerCase());
  return route?.path ?? `/${encodeURIComponent(name)}`;
}

/** Addresses generated pages are shown at: every fixed route, a detail route and the catch-all, so every layout is used. */
export const pageAddresses: string[] = [
  ...routeTable.routes.filter((entry) => !entry.path.includes(":") && entry.page !== undefined).map((entry) => entry.path),
  ...routeTable.routes.filter((entry) => entry.path.includes(":")).map((entry) => entry.path.replace(/:[A-Za-z]+/, "generated-page")),
  "/Generated-Page",
];

/** The fixture service, with every page request answered by `page` when one is given. */
function contentFetch(page: unknown): typeof fetch {
  if (page === undefined) return service;
  return (input, init) => (new URL(requestUrl(input), siteUrl).pathname === "/api/page/get" ? Promise.resolve(Response.json(page)) : service(input, init));
}

export interface RenderedPage {
  address: string;
  status: number;
  html: string;
  inspection: PageInspection;
}

/** The page at `address` as the server sends it; `page` replaces the service's page answer. */
export async function renderPage(address: string, page?: unknown): Promise<RenderedPage> {
  const fetch = contentFetch(page);
  const result = await site.renderDocument(new Request(new URL(address, siteUrl)), { fetch, siteUrl });
  if (result.kind !== "page") throw new Error(`${address} answered a ${result.status} redirect to ${result.location}, not a page`);
  const inspection = await inspectAddress(address, { client: createContentClient({ base: "", timeoutMs: 15_000, fetch }), layouts: layouts.source });
  return { address, status: result.status, html: result.html, inspection };
}
