/**
 * The editors' redirects (CONTENT-API 9), kept as the server keeps content answers: loaded at
 * start, held under the one caching rule (./swrCache.ts: fresh, then stale while one reload runs,
 * and the last good list whatever its age while the service fails), shared through Redis, and
 * loaded again by the publish webhook (`"redirects": true` or `"all"`, ./revalidate.ts) on every
 * instance. A `404`, or an answer that is not a list, is "no redirects" (a service that offers
 * none); any other failure keeps the list held. Which redirects are followed is
 * src/content/redirects.ts's; each refused one is logged once per list.
 */
import { contentCalls } from "../content/calls.ts";
import { readRedirects, type RedirectRules, type RedirectTable } from "../content/redirects.ts";
import type { SharedStore } from "./shared.ts";
import { createSwrCache } from "./swrCache.ts";

/** A list larger than this is a failure (the last list is kept): 10,000 redirects are well under it. */
const maxAnswerBytes = 4 * 1024 * 1024;
const key = "list";
/** After a failed load, how long the list held is used before the service is asked again (not on every request while it is down). */
const retryAfterFailureMs = 10_000;

export interface RedirectList {
  /** The redirects followed now (none until the first load ends); a list past its freshness is reloaded behind the visitor. */
  table(): RedirectTable;
  /** Drops the list held here (and Redis's copy, `everywhere`) and loads it again; resolves with the redirects followed then. */
  reload(everywhere: boolean): Promise<RedirectTable>;
  /** The first load, started at once; it never rejects. */
  ready: Promise<void>;
}

export interface RedirectListOptions {
  /** The call to the content service, past the content cache (the list is kept here). */
  call: (path: string, body: string) => Promise<Response>;
  rules: RedirectRules;
  freshMs: number;
  staleMs: number;
  shared?: SharedStore | undefined;
  warn: (message: string) => void;
  now?: () => number;
  /** Called when the redirects followed change (a list loaded that differs from the one held): what was decided on the old table is void. */
  changed?: () => void;
}

/** A JSON value as a list of entries: anything but an array is no list. */
const asList = (json: unknown): unknown[] => (Array.isArray(json) ? (json as unknown[]) : []);

/** The service's answer as the list it means: a 404 or something other than a JSON array is none; another status throws (the last list is kept). */
export async function loadRedirectList(call: RedirectListOptions["call"]): Promise<unknown[]> {
  const response = await call(contentCalls.redirectList.path, "{}");
  if (response.status === 404) {
    await response.body?.cancel();
    return [];
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`${contentCalls.redirectList.path} answered ${String(response.status)}`);
  }
  const text = await response.text();
  if (text.length > maxAnswerBytes) throw new Error(`${contentCalls.redirectList.path} answered more than ${String(maxAnswerBytes)} bytes`);
  try {
    return asList(JSON.parse(text));
  } catch {
    return [];
  }
}

export function createRedirectList(options: RedirectListOptions): RedirectList {
  const lists = createSwrCache<unknown[]>({
    freshMs: options.freshMs,
    staleMs: options.staleMs,
    max: 1,
    load: () => loadRedirectList(options.call),
    warn: options.warn,
    ...(options.now ? { now: options.now } : {}),
    shared: options.shared && { store: options.shared, prefix: "redirects:", encode: (list) => list, decode: asList },
  });
  let read: { list: unknown[]; table: RedirectTable } = { list: [], table: new Map() };
  /** The table of a list loaded, read once per list (each refused redirect logged once). */
  const apply = (list: unknown[]): RedirectTable => {
    if (list !== read.list) {
      const { table, refused } = readRedirects(list, options.rules);
      for (const { entry, why } of refused) options.warn(`redirect not followed, ${why}: ${JSON.stringify(entry)}`);
      read = { list, table };
      options.changed?.();
    }
    return read.table;
  };
  const now = options.now ?? Date.now;
  let loading: Promise<RedirectTable> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  const load = (): Promise<RedirectTable> =>
    (loading ??= lists
      .get(key)
      .then(apply, (error: unknown) => {
        // Warned once per outage, not per request.
        if (failedAt === Number.NEGATIVE_INFINITY || now() - failedAt > retryAfterFailureMs * 6) options.warn(`the redirect list could not be loaded; ${read.table.size > 0 ? "the last one is followed" : "none are followed"} until it is: ${String(error)}`);
        failedAt = now();
        throw error;
      })
      .finally(() => (loading = undefined)));
  const ready = load().then(
    () => undefined,
    () => undefined,
  );
  return {
    table() {
      const fresh = lists.fresh(key);
      if (fresh !== undefined) apply(fresh);
      else if (loading === undefined && now() - failedAt >= retryAfterFailureMs) load().catch(() => undefined);
      return read.table;
    },
    async reload(everywhere) {
      lists.dropHere([key]);
      if (everywhere && lists.shared) {
        await lists.shared.supersede();
        await lists.shared.drop([key]);
      }
      // A load running from before the drop is not waited on: this one reads the list as it is now.
      loading = undefined;
      failedAt = Number.NEGATIVE_INFINITY;
      return load();
    },
    ready,
  };
}
