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
import type { ContentAnswer } from "./contentCache.ts";
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
  content: SwrCache<ContentAnswer>;
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
export function resolveTarget(target: RevalidationTarget, pages: readonly [string, CachedPage][], contentKeys: readonly string[]): Dropped {
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

  /** Drops what `target` names here and, when `everywhere`, in Redis too. */
  async function drop(target: RevalidationTarget, everywhere: boolean): Promise<Dropped> {
    const held = pages.entries();
    const heldContent = content.entries().map(([key]) => key);
    const sharedPages = everywhere ? await pages.sharedEntries() : [];
    const sharedContent = everywhere ? (await content.sharedEntries()).map(([key]) => key) : [];
    const dropped = resolveTarget(target, [...held, ...sharedPages], [...new Set([...heldContent, ...sharedContent])]);
    const pageKeys = [...new Set(dropped.pages)];
    await Promise.all([pages.drop(pageKeys), content.drop(dropped.content)]);
    return { pages: pageKeys, content: dropped.content };
  }

  shared?.onMessage((raw) => {
    let message: z.infer<typeof MessageSchema>;
    try {
      message = MessageSchema.parse(JSON.parse(raw));
    } catch {
      return;
    }
    if (message.from !== instance) void drop(message.target, false);
  });

  app.post("/_revalidate", { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!secret || given === undefined || !sameSecret(given, secret)) return reply.code(401).header("Cache-Control", "no-store").send({ error: "a valid revalidation secret is required" });
    const target = TargetSchema.safeParse(request.body);
    if (!target.success) return reply.code(400).send({ error: 'the body names {"addresses": [...], "pages": [...]} or is "all"' });
    const dropped = await drop(target.data, true);
    await shared?.publish(JSON.stringify({ from: instance, target: target.data }));
    return reply.header("Cache-Control", "no-store").send({ dropped });
  });
}
