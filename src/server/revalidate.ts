/**
 * `POST /_revalidate`, for the content service's publish webhook: drops the pages it names (and
 * the content answers they were made of) on every instance, so the next visitor gets them
 * rendered anew from the content as it is now.
 *
 *     POST /_revalidate
 *     Authorization: Bearer $REVALIDATE_SECRET
 *     Content-Type: application/json
 *
 *     {"addresses": ["/about-us"], "pages": ["People"]}     or     "all"
 *
 * Answers `{"dropped": {"pages": [...addresses], "content": [...calls]}}`. Without the secret
 * (or with REVALIDATE_SECRET unset) it answers 401 and drops nothing. The instance that is
 * called drops what it and Redis hold, then tells the others over Redis pub/sub.
 */
import type { FastifyInstance } from "fastify";
import { randomUUID, timingSafeEqual } from "node:crypto";
import * as z from "zod/mini";
import type { ContentAnswer, ContentCall } from "./contentCache.ts";
import type { CachedPage } from "./pageCache.ts";
import type { SharedStore } from "./shared.ts";
import type { SwrCache } from "./swrCache.ts";

const TargetSchema = z.union([
  z.literal("all"),
  z.object({ addresses: z.optional(z.array(z.string())), pages: z.optional(z.array(z.string())) }),
]);
export type RevalidationTarget = z.infer<typeof TargetSchema>;

const MessageSchema = z.object({ from: z.string(), target: TargetSchema });

export interface RevalidationOptions {
  secret: string | undefined;
  pages: SwrCache<CachedPage>;
  content: SwrCache<ContentAnswer, ContentCall>;
  shared: SharedStore | undefined;
}

export interface Dropped {
  pages: string[];
  content: string[];
}

const lower = (text: string) => text.trim().toLowerCase();
/** The page a content call reads, when it is a page call ("/api/page/get" with the page's name or path). */
function pageNameOf(contentKey: string): string | undefined {
  const [path = "", body = ""] = contentKey.split(/\n(.*)/s);
  if (path.toLowerCase() !== "/api/page/get") return undefined;
  try {
    const name: unknown = JSON.parse(body);
    return typeof name === "string" ? lower(name) : undefined;
  } catch {
    return undefined;
  }
}

/** What `target` names among these pages and content answers. */
export function resolveTarget(target: RevalidationTarget, pages: readonly [string, Pick<CachedPage, "deps">][], contentKeys: readonly string[]): Dropped {
  if (target === "all") return { pages: pages.map(([address]) => address), content: [...contentKeys] };
  const names = new Set((target.pages ?? []).map(lower));
  const addresses = new Set((target.addresses ?? []).map((address) => lower(address).replace(/(.)\/+$/, "$1")));
  const named = (key: string) => names.has(pageNameOf(key) ?? "");
  const dropped = pages.filter(([address, page]) => addresses.has(lower(address.split("?")[0] ?? "")) || page.deps.some(named));
  const content = new Set([...contentKeys.filter(named), ...dropped.flatMap(([, page]) => page.deps)]);
  return { pages: dropped.map(([address]) => address), content: [...content] };
}

const sameSecret = (given: string, secret: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function revalidation(app: FastifyInstance, { secret, pages, content, shared }: RevalidationOptions): void {
  const instance = randomUUID();

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

  async function drop(target: RevalidationTarget, everywhere: boolean): Promise<Dropped> {
    const here = dropHere(target);
    const there = everywhere ? await dropShared(target) : { pages: [], content: [] };
    return { pages: [...new Set([...here.pages, ...there.pages])], content: [...new Set([...here.content, ...there.content])] };
  }

  shared?.onMessage((raw) => {
    let message: z.infer<typeof MessageSchema>;
    try {
      message = MessageSchema.parse(JSON.parse(raw));
    } catch {
      return;
    }
    // The instance called has dropped the shared copies once; the others drop only their own.
    if (message.from !== instance) dropHere(message.target);
  });

  app.post("/_revalidate", { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!secret || given === undefined || !sameSecret(given, secret)) return reply.code(401).header("Cache-Control", "no-store").send({ error: "a valid revalidation secret is required" });
    const target = TargetSchema.safeParse(request.body);
    if (!target.success) return reply.code(400).send({ error: 'the body names {"addresses": [...], "pages": [...]} or is "all"' });
    try {
      const dropped = await drop(target.data, true);
      const heard = (await shared?.publish(JSON.stringify({ from: instance, target: target.data }))) ?? 0;
      request.log.info({ instance, pages: dropped.pages.length, content: dropped.content.length, peersTold: Math.max(0, heard - 1) }, "revalidated");
      // The receipt: what was dropped here and in Redis, by which instance, and how many others were told to drop their own copies.
      return await reply.header("Cache-Control", "no-store").send({ dropped, instance, ...(shared ? { peersTold: Math.max(0, heard - 1) } : {}) });
    } catch (error) {
      // Not everything could be dropped (Redis slow or away): 503, so the content service sends it again.
      request.log.error({ err: error }, "revalidation incomplete");
      return reply.code(503).header("Cache-Control", "no-store").header("Retry-After", "5").send({ error: "the revalidation could not drop every shared copy; send it again" });
    }
  });
}
