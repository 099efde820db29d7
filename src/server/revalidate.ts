/**
 * `POST /_revalidate`, for the content service's publish webhook: drops what an edit changed on
 * every instance and at the CDN, so the next visitor gets it anew from the content as it is now.
 * The body is one schema (`RevalidationTargetSchema`, docs/server.md#revalidation), shared with
 * the CDN's purge by tag (`targetTags`, ./edge/cacheTags.ts):
 *
 *     POST /_revalidate
 *     Authorization: Bearer $REVALIDATE_SECRET
 *     Content-Type: application/json
 *
 *     {"addresses": ["/about-us"], "pages": ["People"], "lists": [2], "menus": true,
 *      "resources": true, "redirects": true}                      or      "all"
 *
 * Answers `{"dropped": {"pages": [...addresses], "content": [...calls]}}` (and `"redirects": n`,
 * the redirects held after the list was loaded again), with a CDN `"edge"`: the tags purged and
 * each purge call's outcome. Without the secret (or with REVALIDATE_SECRET unset) it answers 401
 * and drops nothing. The instance that is called drops what it and Redis hold, tells the others
 * over Redis pub/sub and waits (at most `peerWaitMs`) for their word that they dropped theirs,
 * then purges the CDN once: purged earlier, the edge could refill from an instance's old copy.
 * Redis or the CDN not doing it all is a 503: the content service sends it again.
 */
import type { FastifyInstance } from "fastify";
import { randomUUID, timingSafeEqual } from "node:crypto";
import * as z from "zod/mini";
import { retryInAMomentSeconds } from "../content/settings.ts";
import { contentOfKey, type ContentAnswer, type ContentCall } from "./contentCache.ts";
import { addressTag, everyPageTag, listTag, menusTag, pageTag, redirectsTag, resourcesTag } from "./edge/cacheTags.ts";
import type { EdgePurger, PurgeResult } from "./edge/purge.ts";
import { cacheControl } from "./http/cachePolicy.ts";
import type { CachedPage } from "./pageCache.ts";
import type { SharedStore } from "./shared.ts";
import type { SwrCache } from "./swrCache.ts";

/** A name or address in the body: bounded, as every input is. */
const named = z.string().check(z.minLength(1), z.maxLength(2048));
const someOf = <T extends z.ZodMiniType>(item: T) => z.optional(z.array(item).check(z.maxLength(1000)));

/**
 * What a publish changed: the one body of the webhook. Every field is optional; a field the
 * schema does not know is refused (400), so a misspelt one never drops nothing in silence.
 *
 * - `addresses`: site addresses (any letter case, query or trailing slash): those pages, and the
 *   content answers they were made of;
 * - `pages`: page names or detail paths, as the site asks `/api/page/get` for them (CONTENT-API 1):
 *   those answers and every page made of them;
 * - `lists`: content types (CONTENT-API 1, e.g. 2 for blogs) whose lists changed: every
 *   `/api/page/GetContentList` answer of those types and every page made of one;
 * - `menus`, `resources`: the menus / text resources changed: that answer and every page made of it
 *   (every page shows them);
 * - `redirects`: the editors' redirect list (CONTENT-API 9) is loaded again;
 * - `"all"`: everything above.
 */
export const RevalidationTargetSchema = z.union([
  z.literal("all"),
  z.strictObject({
    addresses: someOf(named),
    pages: someOf(named),
    lists: someOf(z.number().check(z.int(), z.nonnegative())),
    menus: z.optional(z.boolean()),
    resources: z.optional(z.boolean()),
    redirects: z.optional(z.boolean()),
  }),
]);
export type RevalidationTarget = z.infer<typeof RevalidationTargetSchema>;

/** A revalidation told to the other instances (`id`: for their word back), and that word (`ack`). */
const MessageSchema = z.union([z.object({ from: z.string(), id: z.optional(z.string()), target: RevalidationTargetSchema }), z.object({ from: z.string(), ack: z.string() })]);

export interface RevalidationOptions {
  secret: string | undefined;
  pages: SwrCache<CachedPage>;
  content: SwrCache<ContentAnswer, ContentCall>;
  shared: SharedStore | undefined;
  /** The editors' redirect list (./redirects.ts), loaded again by `"all"` and `"redirects": true`: the redirects followed then, by the address they move. */
  redirects?: { reload(everywhere: boolean): Promise<ReadonlyMap<string, unknown>> } | undefined;
  /** The CDN's purge by tag (CDN and its settings, ./edge/purge.ts), or none. */
  edge?: EdgePurger | null | undefined;
  /** How long the instance called waits for the others' word before purging the CDN (default 1 s). */
  peerWaitMs?: number;
}

export interface Dropped {
  pages: string[];
  content: string[];
  /** The redirects held once the list was loaded again (only when the target named them). */
  redirects?: number;
}

const knownFields = ["addresses", "pages", "lists", "menus", "resources", "redirects"];

/** Why a body is not a target, in a sentence for the webhook's author. */
function refusal(body: unknown): string {
  const unknown = typeof body === "object" && body !== null && !Array.isArray(body) ? Object.keys(body).filter((key) => !knownFields.includes(key)) : [];
  const shape = `the body is "all" or an object of ${knownFields.join(", ")} (docs/server.md#revalidation)`;
  return unknown.length > 0 ? `unknown field ${unknown.map((key) => JSON.stringify(key)).join(", ")}: ${shape}` : shape;
}

const namesRedirects = (target: RevalidationTarget) => target === "all" || target.redirects === true;

/** Past this many addresses redirected, a reloaded list purges every page instead of each address (a CDN takes 100 to 256 tags a call). */
export const maxRedirectTags = 1_000;

/**
 * The cache tags a publish purges at the CDN (./edge/cacheTags.ts). A reloaded redirect list
 * (`redirected`: the addresses it moves now, by redirectKey) purges every redirect answer the edge
 * holds (`redirects`: one removed, or sent elsewhere) and the answers of each address it moves
 * (`addr:<from>`: the page or 404 held there before the redirect was added); nothing else changes,
 * whatever the instance's list was before. Past `maxRedirectTags` addresses, every page.
 */
export function targetTags(target: RevalidationTarget, redirected: readonly string[] = []): string[] {
  if (target === "all") return [everyPageTag];
  const redirects = target.redirects === true;
  if (redirects && redirected.length > maxRedirectTags) return [everyPageTag];
  return [
    ...(redirects ? [redirectsTag, ...redirected.map(addressTag)] : []),
    ...(target.pages ?? []).map(pageTag),
    ...(target.lists ?? []).map(listTag),
    ...(target.menus === true ? [menusTag] : []),
    ...(target.resources === true ? [resourcesTag] : []),
    ...(target.addresses ?? []).map(addressTag),
  ];
}

const lower = (text: string) => text.trim().toLowerCase();

/** What `target` names among these pages and content answers. */
export function resolveTarget(target: RevalidationTarget, pages: readonly [string, Pick<CachedPage, "deps">][], contentKeys: readonly string[]): Dropped {
  if (target === "all") return { pages: pages.map(([address]) => address), content: [...contentKeys] };
  const names = new Set((target.pages ?? []).map(lower));
  const lists = new Set(target.lists ?? []);
  const addresses = new Set((target.addresses ?? []).map((address) => lower(address).replace(/(.)\/+$/, "$1")));
  /** A content answer the edit changed. */
  const named = (key: string) => {
    const answer = contentOfKey(key);
    switch (answer.call) {
      case "page":
        return names.has(lower(answer.name));
      case "list":
        return lists.has(answer.contentType);
      case "menus":
        return target.menus === true;
      case "resources":
        return target.resources === true;
      // The redirect list is dropped by its own rule (the editors' redirects), not as a page's content.
      case "redirects":
      case "other":
        return false;
    }
  };
  // A page named by its address: it, and everything it was made of (what changed is not said).
  const addressed = pages.filter(([address]) => addresses.has(lower(address.split("?")[0] ?? "")));
  // A page made of changed content: it, and that content.
  const dropped = pages.filter(([address, page]) => addresses.has(lower(address.split("?")[0] ?? "")) || page.deps.some(named));
  const content = new Set([...contentKeys.filter(named), ...addressed.flatMap(([, page]) => page.deps)]);
  return { pages: dropped.map(([address]) => address), content: [...content] };
}

const sameSecret = (given: string, secret: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function revalidation(app: FastifyInstance, { secret, pages, content, shared, redirects, edge = null, peerWaitMs = 1_000 }: RevalidationOptions): void {
  const instance = randomUUID();
  /** Revalidations this instance sent, waiting for the other instances' word: id → called with each. */
  const waiting = new Map<string, () => void>();

  /** Drops what `target` names among the copies held here (a load running now is not kept either). */
  function dropHere(target: RevalidationTarget): Dropped {
    const dropped = resolveTarget(target, pages.entries(), content.entries().map(([key]) => key));
    pages.dropHere(dropped.pages);
    content.dropHere(dropped.content);
    return dropped;
  }

  /** Drops what `target` names in Redis, matched by key (and a page's content keys), batch by batch; throws when Redis could not do it all. */
  async function dropShared(target: RevalidationTarget): Promise<Dropped> {
    const [sharedPages, sharedContent] = [pages.shared, content.shared];
    if (!sharedPages || !sharedContent) return { pages: [], content: [] };
    await Promise.all([sharedPages.supersede(), sharedContent.supersede()]);
    const dropped: Dropped = { pages: [], content: [] };
    await sharedContent.scan(async (entries) => {
      const keys = resolveTarget(target, [], entries.map(([key]) => key)).content;
      await sharedContent.drop(keys);
      dropped.content.push(...keys);
    });
    await sharedPages.scan(async (entries) => {
      const found = resolveTarget(target, entries.map(([key, deps]) => [key, { deps: [...deps] }]), []);
      await Promise.all([sharedPages.drop(found.pages), sharedContent.drop(found.content)]);
      dropped.pages.push(...found.pages);
      dropped.content.push(...found.content);
    });
    return dropped;
  }

  /** What was dropped, and the addresses the redirect list moves once loaded again (when the target named it). */
  async function drop(target: RevalidationTarget, everywhere: boolean): Promise<{ dropped: Dropped; redirected: string[] }> {
    const here = dropHere(target);
    const there = everywhere ? await dropShared(target) : { pages: [], content: [] };
    const held = redirects && namesRedirects(target) ? await redirects.reload(everywhere) : undefined;
    const dropped = { pages: [...new Set([...here.pages, ...there.pages])], content: [...new Set([...here.content, ...there.content])], ...(held === undefined ? {} : { redirects: held.size }) };
    return { dropped, redirected: held ? [...held.keys()] : [] };
  }

  /** Tells the other instances and waits (at most `peerWaitMs`) until each said it dropped its copies; how many were told and said so. */
  async function tellPeers(target: RevalidationTarget): Promise<{ told: number; confirmed: number }> {
    if (!shared) return { told: 0, confirmed: 0 };
    const id = randomUUID();
    let confirmed = 0;
    let told = Number.POSITIVE_INFINITY;
    let allConfirmed: () => void = () => undefined;
    const all = new Promise<void>((resolve) => (allConfirmed = resolve));
    waiting.set(id, () => {
      confirmed += 1;
      if (confirmed >= told) allConfirmed();
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // Every subscriber heard it, this instance's own included.
      told = Math.max(0, (await shared.publish(JSON.stringify({ from: instance, id, target }))) - 1);
      if (confirmed >= told) allConfirmed();
      await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, peerWaitMs)))]);
      return { told, confirmed };
    } finally {
      clearTimeout(timer);
      waiting.delete(id);
    }
  }

  shared?.onMessage((raw) => {
    let message: z.infer<typeof MessageSchema>;
    try {
      message = MessageSchema.parse(JSON.parse(raw));
    } catch {
      return;
    }
    // The instance called has dropped the shared copies once; the others drop only their own, and say so.
    if (message.from === instance) return;
    if ("ack" in message) return waiting.get(message.ack)?.();
    dropHere(message.target);
    // The redirect list is loaded again at once (from Redis, where the instance called put the new one) before this instance
    // says it is done: the CDN is purged after that word, and must not refill from an address this instance still answers the old way.
    const { id } = message;
    const reloaded = redirects && namesRedirects(message.target) ? redirects.reload(false).then(() => undefined, () => undefined) : Promise.resolve();
    if (id !== undefined) void reloaded.then(() => shared.publish(JSON.stringify({ from: instance, ack: id }))).catch(() => undefined);
  });

  app.post("/_revalidate", { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!secret || given === undefined || !sameSecret(given, secret)) return reply.code(401).header("Cache-Control", cacheControl.noStore).send({ error: "a valid revalidation secret is required" });
    const target = RevalidationTargetSchema.safeParse(request.body);
    if (!target.success) return reply.code(400).header("Cache-Control", cacheControl.noStore).send({ error: refusal(request.body) });
    let dropped: Dropped;
    let redirected: string[];
    let peers: { told: number; confirmed: number };
    try {
      ({ dropped, redirected } = await drop(target.data, true));
      peers = await tellPeers(target.data);
    } catch (error) {
      // Not everything could be dropped (Redis slow or away): 503, so the content service sends it again.
      request.log.error({ err: error }, "revalidation incomplete");
      return reply.code(503).header("Cache-Control", cacheControl.noStore).header("Retry-After", String(retryInAMomentSeconds)).send({ error: "the revalidation could not drop every shared copy; send it again" });
    }
    // Once, from this instance, after the instances dropped their copies: the CDN's copies of the same content.
    const tags = edge ? targetTags(target.data, redirected) : [];
    const purged: PurgeResult[] = edge && tags.length > 0 ? await edge.purge(tags) : [];
    const edgeFailed = purged.some((result) => !result.ok);
    request.log[edgeFailed ? "error" : "info"]({ instance, pages: dropped.pages.length, content: dropped.content.length, peersTold: peers.told, peersConfirmed: peers.confirmed, ...(edge ? { edge: edge.cdn, tags: tags.length, edgeFailed } : {}) }, "revalidated");
    // The receipt: what was dropped here and in Redis, by which instance, how many others dropped theirs, and what the CDN was told.
    const receipt = {
      dropped,
      instance,
      ...(shared ? { peersTold: peers.told, peersConfirmed: peers.confirmed } : {}),
      ...(edge ? { edge: { cdn: edge.cdn, tags, purged } } : {}),
    };
    if (edgeFailed) return reply.code(503).header("Cache-Control", cacheControl.noStore).header("Retry-After", String(retryInAMomentSeconds)).send({ ...receipt, error: "the CDN could not be purged of every tag; send it again" });
    return reply.header("Cache-Control", cacheControl.noStore).send(receipt);
  });
}
