/**
 * The page loader: resolves the page at an address into its PageData (./pageData.ts) — the Page,
 * its layout, its slots with their items, options checked against their blocks' schemas
 * (./slots.ts), texts, block data and its first screen's pictures. The server runs it for
 * every page it renders; the browser loads this module (and the content contract's schemas with
 * it) for the first page it resolves itself, so a page the server rendered hydrates without it.
 */
import type { BlockPictures, Runtime } from "./context.tsx";
import { loadFailure, type PageData } from "./pageData.ts";
import { blockRegistry } from "./registry.ts";
import { layoutNameOf, type PageRequest } from "./routeTable.ts";
import { pageSlots, resolveSlotOptions, type RenderSlot } from "./slots.ts";
import type { Page } from "../content/contract.ts";
import { safeUrl } from "../ui/url.ts";

/**
 * The page its route asks for at `url` (`asked`: ./routeTable.ts pageRequest), resolved: "missing"
 * for id 0 (the route decides what that means), "failed" when the content service fails. Block
 * code is loaded before it resolves: every block's on the server, the above-the-fold ones' in the
 * browser. `content`: its content call, when the caller started it already.
 */
export async function loadPageData(runtime: Runtime, asked: PageRequest, url: URL, signal: AbortSignal, content?: Promise<Page>): Promise<PageData> {
  const { request, layout: layoutName } = asked;
  // Asked for each page, not memoised here: each layout is a module the platform's import()
  // loads once (`layoutSource`, src/app/createRuntime.ts), and a load that failed is tried again next time.
  const earlyLayout = layoutName === undefined ? undefined : runtime.layouts(layoutName);
  // The slots' titles read the site's resources: the same request as the root route's loader (./siteData.ts), which never fails.
  const chrome = runtime.chrome.load();
  // The blocks' option schemas: code of their own in the browser, asked for while the page is.
  const schemas = runtime.blockOptions();
  // Awaited below, once the page is there; a page that fails first must not leave it unhandled.
  schemas.catch(() => undefined);
  let page: Page;
  try {
    page = await (content ?? runtime.client.getPage(request, signal));
  } catch (error) {
    if (signal.aborted) throw error;
    console.warn(`the page "${request}" could not be loaded:`, error);
    return { status: "failed", failure: loadFailure(error) };
  }
  if (page.id === 0) return { status: "missing" };
  const { resources } = await chrome;
  const layout = await (earlyLayout ?? runtime.layouts(layoutNameOf(layoutName, page)));
  const { slots, problems } = pageSlots(layout, page, (key) => page.resources[key] ?? resources[key]);
  const blocks = [...new Set(slots.map((slot) => slot.block))];
  const aboveTheFold = blocks.filter((block) => blockRegistry[block].critical);
  const serverRendered = runtime.serverRender === true;
  // A block whose code fails is reported where it mounts; here it must not hold the page back.
  const code = Promise.allSettled((serverRendered ? blocks : aboveTheFold).map((block) => runtime.blocks[block].preload()));
  const pictures = runtime.blockPictures?.();
  const optionSchemas = await schemas;
  const withData = await Promise.all(
    slots.map(async (slot): Promise<RenderSlot> => {
      const load = runtime.blockData?.[slot.block];
      const placed = { ...slot, resolved: resolveSlotOptions(optionSchemas[slot.block], slot), aboveTheFold: aboveTheFold.includes(slot.block) };
      return load ? { ...placed, data: await load({ slot, page, url, client: runtime.client, signal }) } : placed;
    }),
  );
  await code;
  const firstPictures = pictures ? firstScreenPictures(withData, page, await pictures) : [];
  return { status: "ready", page, layout, slots: withData, problems, blocks, aboveTheFold, firstPictures, serverRendered };
}

/*
 * Which pictures a page shows in its first screen, decided with the page's data (above), whatever
 * block shows them: those are loaded at once, at high priority and preloaded from the head
 * (src/ui/firstScreen.tsx); every other picture loads lazily, as the visitor nears it.
 *
 * The rule (docs/performance.md, "The first screen's pictures"): the first `firstScreen.pictures`
 * different pictures of the page's content in document order, a slot's section background before
 * the pictures of its block. A phone's first screen (about 400 × 800 CSS pixels) holds a hero and
 * the top of the block after it: two pictures cover a hero's and the next block's first one (a
 * panel, a card, a slide), or the first two cards of a row. It is a count of pictures, not of
 * slots: whether a slot shows anything above a picture depends on the content (a hero without a
 * picture, an empty text), not on where the layout puts it. A wrong guess costs one picture
 * fetched early; a missed one costs the largest paint waiting for layout and a lazy load.
 */

export const firstScreen = { pictures: 2 } as const;

/** The first screen's pictures of a page whose slots are `slots`, as content addresses. */
export function firstScreenPictures(slots: readonly RenderSlot[], page: Page, pictures: BlockPictures): string[] {
  const found: string[] = [];
  for (const slot of slots) {
    for (const raw of [slot.background, ...(pictures[slot.block]?.(slot, page) ?? [])]) {
      const url = safeUrl(raw);
      if (url === null || found.includes(url)) continue;
      found.push(url);
      if (found.length === firstScreen.pictures) return found;
    }
  }
  return found;
}
