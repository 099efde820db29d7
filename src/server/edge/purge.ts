/**
 * Purging a CDN by cache tag (./cacheTags.ts), one small adapter per CDN, each a few calls of its
 * documented API through `fetch`:
 *
 * - Varnish (deploy/varnish/default.vcl): `PURGE` to each Varnish with `xkey: <tags>`; the VCL
 *   answers 200 with `X-Purged: <objects>`.
 * - Fastly: `POST https://api.fastly.com/service/<service id>/purge` with `Fastly-Key` and
 *   `Surrogate-Key: <tags>` (up to 256 a call); `Fastly-Soft-Purge: 1` with FASTLY_SOFT_PURGE=1.
 * - Cloudflare: `POST https://api.cloudflare.com/client/v4/zones/<zone id>/purge_cache` with
 *   `Authorization: Bearer <token>` and `{"tags": [...]}` (up to 100 a call); `{"success": true}`.
 *
 * Each call says what became of it (`PurgeResult`), for the publish webhook's receipt; a failed
 * call is reported, never thrown.
 */
import type { Cdn } from "../http/cachePolicy.ts";
import { secondsSetting } from "../../content/settings.ts";

/** What one purge call did: where it went, how many tags it named, and what came back. */
export interface PurgeResult {
  target: string;
  ok: boolean;
  tags: number;
  /** "12 objects", "purge id 108-1391560174-974124", or why it failed ("HTTP 403", "ECONNREFUSED"). */
  detail: string;
}

export interface EdgePurger {
  cdn: Cdn;
  purge(tags: readonly string[]): Promise<PurgeResult[]>;
}

interface AdapterOptions {
  fetch?: typeof fetch;
  /** One call's time-out (default 5 s). */
  timeoutMs?: number;
}

const batches = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Why a call failed, as an operator reads it: a status, a system error code, or a time-out. */
function failure(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return "timed out";
  const cause = error instanceof Error ? error.cause : undefined;
  if (typeof cause === "object" && cause !== null && "code" in cause && typeof cause.code === "string") return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/** Sends each batch with `call`, one after the other (a CDN's API limits calls per second), reporting each. */
async function sendBatches(target: string, tags: readonly string[], size: number, call: (batch: string[]) => Promise<{ ok: boolean; detail: string }>): Promise<PurgeResult[]> {
  const results: PurgeResult[] = [];
  for (const batch of batches(tags, size)) {
    try {
      results.push({ target, tags: batch.length, ...(await call(batch)) });
    } catch (error) {
      results.push({ target, tags: batch.length, ok: false, detail: failure(error) });
    }
  }
  return results;
}

/** Varnish with xkey: each of `urls` (every Varnish in front of the site) is sent the same PURGE. */
export function varnishPurger(urls: readonly string[], options: AdapterOptions = {}): EdgePurger {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
    cdn: "varnish",
    async purge(tags) {
      const all = await Promise.all(
        urls.map((url) =>
          sendBatches(url, tags, 100, async (batch) => {
            const answer = await send(url, { method: "PURGE", headers: { xkey: batch.join(" ") }, signal: AbortSignal.timeout(timeoutMs) });
            await answer.arrayBuffer();
            return answer.status === 200 ? { ok: true, detail: `${answer.headers.get("X-Purged") ?? "?"} objects` } : { ok: false, detail: `HTTP ${answer.status}` };
          }),
        ),
      );
      return all.flat();
    },
  };
}

/** Fastly's batch purge by surrogate key. */
export function fastlyPurger({ serviceId, token, soft = false, apiBase = "https://api.fastly.com", ...options }: AdapterOptions & { serviceId: string; token: string; soft?: boolean; apiBase?: string }): EdgePurger {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const target = `${apiBase}/service/${encodeURIComponent(serviceId)}/purge`;
  return {
    cdn: "fastly",
    purge: (tags) =>
      sendBatches(target, tags, 256, async (batch) => {
        const headers: Record<string, string> = { "Fastly-Key": token, "Surrogate-Key": batch.join(" "), Accept: "application/json" };
        if (soft) headers["Fastly-Soft-Purge"] = "1";
        const answer = await send(target, { method: "POST", headers, signal: AbortSignal.timeout(timeoutMs) });
        const body: unknown = await answer.json().catch(() => null);
        if (answer.status !== 200) return { ok: false, detail: `HTTP ${answer.status}` };
        const ids = typeof body === "object" && body !== null ? Object.values(body).filter((id): id is string => typeof id === "string") : [];
        return { ok: true, detail: `${soft ? "soft " : ""}purge ids ${[...new Set(ids)].join(", ") || "?"}` };
      }),
  };
}

/** Cloudflare's purge by cache tag. */
export function cloudflarePurger({ zoneId, token, apiBase = "https://api.cloudflare.com/client/v4", ...options }: AdapterOptions & { zoneId: string; token: string; apiBase?: string }): EdgePurger {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const target = `${apiBase}/zones/${encodeURIComponent(zoneId)}/purge_cache`;
  return {
    cdn: "cloudflare",
    purge: (tags) =>
      sendBatches(target, tags, 100, async (batch) => {
        const answer = await send(target, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify({ tags: batch }), signal: AbortSignal.timeout(timeoutMs) });
        const body: unknown = await answer.json().catch(() => null);
        const success = typeof body === "object" && body !== null && "success" in body && body.success === true;
        if (answer.status === 200 && success) return { ok: true, detail: "purged" };
        const errors = typeof body === "object" && body !== null && "errors" in body && Array.isArray(body.errors) ? body.errors : [];
        const messages = errors.map((error: unknown) => (typeof error === "object" && error !== null && "message" in error ? String(error.message) : "")).filter(Boolean);
        return { ok: false, detail: `HTTP ${answer.status}${messages.length > 0 ? `: ${messages.join("; ")}` : ""}` };
      }),
  };
}

const required = (raw: string | undefined, name: string, cdn: Cdn): string => {
  const value = (raw ?? "").trim();
  if (value === "") throw new Error(`CDN=${cdn} needs ${name}: without it a publish could not purge the edge, which would keep old pages for EDGE_CACHE_SECONDS`);
  return value;
};

/**
 * The purge of the configured CDN (null without one): VARNISH_PURGE_URLS (comma-separated, every
 * Varnish); FASTLY_SERVICE_ID and FASTLY_API_TOKEN (FASTLY_SOFT_PURGE=1: mark stale instead of
 * removing); CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN; EDGE_PURGE_TIMEOUT_SECONDS (5) per call.
 * A CDN named without its settings stops the start.
 */
export function edgePurgerFromEnv(env: NodeJS.ProcessEnv, cdn: Cdn | null, options: Pick<AdapterOptions, "fetch"> = {}): EdgePurger | null {
  const adapter = { ...options, timeoutMs: secondsSetting(env.EDGE_PURGE_TIMEOUT_SECONDS, 5_000) };
  switch (cdn) {
    case null:
      return null;
    case "varnish": {
      const urls = required(env.VARNISH_PURGE_URLS, "VARNISH_PURGE_URLS", cdn)
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean);
      for (const url of urls) new URL(url);
      return varnishPurger(urls, adapter);
    }
    case "fastly":
      return fastlyPurger({ ...adapter, serviceId: required(env.FASTLY_SERVICE_ID, "FASTLY_SERVICE_ID", cdn), token: required(env.FASTLY_API_TOKEN, "FASTLY_API_TOKEN", cdn), soft: env.FASTLY_SOFT_PURGE === "1" });
    case "cloudflare":
      return cloudflarePurger({ ...adapter, zoneId: required(env.CLOUDFLARE_ZONE_ID, "CLOUDFLARE_ZONE_ID", cdn), token: required(env.CLOUDFLARE_API_TOKEN, "CLOUDFLARE_API_TOKEN", cdn) });
  }
}
