/**
 * Renders the site (or one page) the way the app does, with a content service the test
 * controls: canned answers, or the real fixture service over fixtures/.
 */
import { act, render, screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { readFileSync } from "node:fs";
import type { ReactNode } from "react";
import { RouterProvider, createMemoryRouter, type RouteObject } from "react-router-dom";
import { expect, vi } from "vitest";
import { layoutSource } from "../src/app/createRuntime.ts";
import { formAction, siteRoutes } from "../src/app/routes.tsx";
import { blockDataLoaders, blockLoaders } from "../src/blocks/index.ts";
import { blockOptionSchemas } from "../src/blocks/optionSchemas.ts";
import { createContentClient } from "../src/content/client.ts";
import { PageSchema } from "../src/content/contract.ts";
import { RuntimeProvider, type Runtime } from "../src/runtime/context.tsx";
import { parseHydrationData, type HydrationData } from "../src/runtime/hydrationData.ts";
import { createLazyBlocks, type BlockLoaders } from "../src/runtime/lazyBlocks.ts";
import { blockNames } from "../src/runtime/registry.ts";
import { resolveSlotOptions, type RenderSlot } from "../src/runtime/slots.ts";
import { routeFor } from "../src/runtime/routeTable.ts";
import { PageResourcesContext, ROOT_ROUTE_ID, siteChromeSource, type SiteChrome } from "../src/runtime/siteData.ts";
import { captchaVerifier } from "../src/shared/captcha.ts";
import { loadFixtures } from "../fixture-service/fixtures.ts";
import { openLeadStore } from "../fixture-service/leadStore.ts";
import { createContentService, type ContentService } from "../fixture-service/service.ts";
import { requestUrl } from "../src/server/contentCache.ts";

export const fixedNow = new Date("2026-11-21T12:00:00Z");

/**
 * A visitor filling the site's contact page (captions from the fixture service's resources) with a
 * valid request and ticking the local test captcha once it shows, under fake timers that advance
 * with time. Returns the Full Name field.
 */
export async function fillContactPage(user: UserEvent): Promise<HTMLElement> {
  const name = await screen.findByRole("textbox", { name: "Full Name" }, { timeout: 5000 });
  await user.type(name, "Ada Lovelace");
  await user.type(screen.getByRole("textbox", { name: "Organization" }), "Analytical Engines Ltd");
  await user.type(screen.getByRole("textbox", { name: "Business Email" }), "ada@engines.example");
  await user.type(screen.getByRole("textbox", { name: "Phone Number" }), "+1 (404) 555-0142");
  await user.type(screen.getByRole("textbox", { name: "Tell us about your request..." }), "Claims processing help.");
  await act(() => vi.advanceTimersByTimeAsync(1000));
  await user.click(screen.getByRole("checkbox", { name: "I'm not a robot" }));
  return name;
}

/** The fixture service over fixtures/, with leads in memory. */
export function fixtureService(): ContentService {
  const fixtures = loadFixtures("fixtures");
  return createContentService({ fixtures: () => fixtures, leads: openLeadStore(":memory:"), captcha: captchaVerifier(undefined), now: () => fixedNow });
}

/** A fetch that answers from a content service without a network. */
export function serviceFetch(service: ContentService): typeof fetch {
  return async (input, init) => {
    const url = new URL(requestUrl(input), "http://site.test");
    const body = init?.body;
    const request = new Request(url, {
      method: init?.method ?? "GET",
      ...(init?.headers ? { headers: init.headers } : {}),
      ...(typeof body === "string" || body instanceof FormData ? { body } : {}),
    });
    return (await service(request)) ?? new Response("Not found", { status: 404 });
  };
}

/** A canned answer, or a function of the request body that makes one. */
type Answer = unknown;

export { requestUrl } from "../src/server/contentCache.ts";

/** A fetch with canned answers per call path; a page answer may be a map of request -> page. */
export function cannedFetch(answers: { pages?: Record<string, unknown>; menus?: unknown; resources?: unknown; other?: Record<string, Answer> }): typeof fetch {
  return (input, init) => {
    const path = new URL(requestUrl(input), "http://site.test").pathname;
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const json = (value: unknown) => Promise.resolve(new Response(JSON.stringify(value), { status: 200, headers: { "Content-Type": "application/json" } }));
    if (path === "/api/page/get") return json(answers.pages?.[String(body)] ?? { id: 0 });
    if (path === "/api/menu/GetMenuList") return json(answers.menus ?? []);
    if (path === "/api/resource/list") return json(answers.resources ?? []);
    const other = answers.other?.[path];
    if (other !== undefined) return json(typeof other === "function" ? (other as (r: unknown) => unknown)(body) : other);
    return Promise.resolve(new Response("Not found", { status: 404 }));
  };
}

export function testRuntime(options: { fetch: typeof fetch; loaders?: Partial<BlockLoaders>; loadingDelayMs?: number; chunkTimeoutMs?: number; timeoutMs?: number }): Runtime {
  const client = createContentClient({ base: "", timeoutMs: options.timeoutMs ?? 15_000, fetch: options.fetch });
  return {
    client,
    blocks: createLazyBlocks({ ...blockLoaders, ...options.loaders }, options.chunkTimeoutMs ?? 120_000),
    blockData: blockDataLoaders,
    blockOptions: () => Promise.resolve(blockOptionSchemas),
    layouts: layoutSource,
    chrome: siteChromeSource(client),
    loadingDelayMs: options.loadingDelayMs ?? 0,
    siteUrl: "http://site.test",
  };
}

/** The whole site at `path`, as a visitor would reach it: the app's routes, loaders and shell in a memory router (`router.navigate` moves on). */
export function renderSite(path: string, runtime: Runtime) {
  const router = createMemoryRouter(siteRoutes(runtime), { initialEntries: [path] });
  return { router, ...render(
    <RuntimeProvider runtime={runtime}>
      <RouterProvider router={router} />
    </RuntimeProvider>,
  ) };
}

type BlockModule = import("../src/runtime/block.tsx").BlockDefinition;
type SlotInput = {
  items?: import("../src/content/contract.ts").ContentItem[];
  options?: Record<string, unknown>;
  title?: string | null;
  background?: string | null;
  page?: import("../src/content/contract.ts").Page;
  path?: string;
  /** The site's menus and resources (the root route's data); none: as before they have loaded. */
  chrome?: SiteChrome | undefined;
};

/** The router's data a page the server rendered embeds, read as the browser reads it (src/app/start.tsx); a test fails when it is not that shape. */
export function hydrationDataOf(value: unknown): HydrationData {
  const data = parseHydrationData(value);
  if (!data) throw new Error(`not the shape of the embedded page data: ${JSON.stringify(value).slice(0, 200)}`);
  return data;
}

/** Slots with their options checked against their blocks' schemas, as the page's loader hands them on (src/runtime/loadPage.ts). */
export function withResolvedOptions(slots: RenderSlot[]): RenderSlot[] {
  return slots.map((slot) => ({ ...slot, resolved: resolveSlotOptions(blockOptionSchemas[slot.block], slot) }));
}

/** A block element as the runtime mounts it: the slot's items, options and title, and the page (with its text resources). */
function mountedBlock({ name, Component }: BlockModule, slot: SlotInput) {
  const page = slot.page ?? PageSchema.parse({ id: 1 });
  const block = blockNames.find((known) => known === name);
  if (!block) throw new Error(`no block named "${name}" in the registry`);
  const placed: RenderSlot = { id: "test-slot", block, items: slot.items ?? [], options: slot.options ?? {}, fallbackOptions: null, title: slot.title ?? null, background: slot.background ?? null, source: "layout" };
  return (
    <PageResourcesContext value={page.resources}>
      <Component
        // Checked as the page's loader checks a slot's options (src/runtime/loadPage.ts).
        slot={{ ...placed, resolved: resolveSlotOptions(blockOptionSchemas[block], placed) }}
        page={page}
      />
    </PageResourcesContext>
  );
}

/** A memory router at `path` whose root route has `chrome` as its data, as the site's root route loads it (src/app/routes.tsx); none: as before it has loaded. */
function routerWithChrome(children: RouteObject[], path: string, chrome: SiteChrome | undefined) {
  return createMemoryRouter([{ id: ROOT_ROUTE_ID, children }], { initialEntries: [path], hydrationData: { loaderData: chrome ? { [ROOT_ROUTE_ID]: chrome } : {} } });
}

/**
 * One block, mounted as the runtime mounts it (inside its page's text resources), with the given
 * items, options and page. Blocks that call the content service need a `runtime` (see testRuntime).
 */
export function renderBlock(block: BlockModule, slot: SlotInput, options: { runtime?: Runtime; around?: (block: ReactNode) => ReactNode } = {}) {
  return render(blockElement(block, slot, options));
}

/** The element renderBlock renders, for a test that renders it on the server first and then hydrates it (`render(element, { container, hydrate: true })`). */
export function blockElement(block: BlockModule, slot: SlotInput, { runtime, around = (block) => block }: { runtime?: Runtime; around?: (block: ReactNode) => ReactNode } = {}) {
  const router = routerWithChrome([{ path: "*", element: around(mountedBlock(block, slot)) }], slot.path ?? "/", slot.chrome);
  return (
    <RuntimeProvider runtime={runtime ?? testRuntime({ fetch: cannedFetch({}) })}>
      <RouterProvider router={router} />
    </RuntimeProvider>
  );
}

/**
 * One block on a page at `path` (query included), with a router the test can read
 * (`router.state.location`) and drive (`router.navigate(-1)` is the back button).
 */
export function renderBlockAt(path: string, block: BlockModule, slot: SlotInput, runtime: Runtime) {
  const router = routerWithChrome([{ path: "*", element: mountedBlock(block, slot) }], path, slot.chrome);
  return { router, ...render(<RuntimeProvider runtime={runtime}><RouterProvider router={router} /></RuntimeProvider>) };
}

/**
 * A form block on a page at `path` (query included), in a data router whose route takes posts
 * with the site's own action for that address (src/app/routes.tsx `formAction`): the form submits
 * through it as on the site. `around` wraps the block (a posted answer's context).
 */
export function renderFormAt(path: string, block: BlockModule, slot: SlotInput, runtime: Runtime, around: (block: ReactNode) => ReactNode = (block) => block) {
  const { handle } = routeFor(new URL(path, "http://site.test").pathname);
  if (handle.kind !== "page") throw new Error(`${path} is a redirect, not a page`);
  const router = routerWithChrome([{ id: "form page", path: "*", element: around(mountedBlock(block, slot)), action: formAction(runtime, handle.route) }], path, slot.chrome);
  return { router, ...render(<RuntimeProvider runtime={runtime}><RouterProvider router={router} /></RuntimeProvider>) };
}

/** The lead calls of CONTENT-API 5 (and a thought paper's PDF); any other call is a content call. */
const isLeadCall = (path: string) => /^\/api\/(contactus|thoughtPaper)\//i.test(path);

/**
 * A fetch for a form's tests: the lead calls to `leads` (the test's), the content calls the
 * route action makes to resolve the page to `content`.
 */
export function leadsTo(leads: typeof fetch, content: typeof fetch): typeof fetch {
  return (input, init) => (isLeadCall(new URL(requestUrl(input), "http://site.test").pathname) ? leads : content)(input, init);
}

/** Opens a route of the site on the fixture service and waits until every block (and any carousel code) has arrived. */
export async function openFixturePage(path: string) {
  renderSite(path, testRuntime({ fetch: serviceFetch(fixtureService()) }));
  await screen.findByRole("heading", { level: 1 });
  // Below-the-fold blocks mount in the frame after the first paint; the footer starts in that
  // frame too (after them), so once it shows every block is mounted, loaded or on its way.
  await screen.findByRole("contentinfo");
  await expect.poll(() => document.querySelectorAll(".block-loading").length).toBe(0);
}

/** The rendered section of a slot. */
export function slotSection(slotId: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-slot="${slotId}"]`);
  if (!element) throw new Error(`no section for slot ${slotId}`);
  return element;
}

/** A fixture page as the service sends it (wire shape), for tests that compare what renders with what the content says. */
export interface FixtureItem {
  type: number;
  title: string;
  tags?: string[] | string | null;
  [field: string]: unknown;
}
export function fixturePageData(name: string): { contents: FixtureItem[]; carouselList: FixtureItem[] | null; resources: Record<string, string> | null; [field: string]: unknown } {
  return JSON.parse(readFileSync(`fixtures/pages/${name}.json`, "utf8")) as ReturnType<typeof fixturePageData>;
}

/** The tags of a wire item, however the service wrote them. */
export const wireTags = (item: FixtureItem): string[] =>
  (typeof item.tags === "string" ? item.tags.split(",") : (item.tags ?? [])).map((tag) => tag.trim().toLowerCase()).filter(Boolean);
