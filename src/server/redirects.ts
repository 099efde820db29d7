/**
 * The editors' redirects (CONTENT-API 9: `POST /api/redirect/GetRedirectList`): which of them are
 * followed, and the list as the server keeps it. `readRedirects` reads an answer into the table
 * the server answers from and `npm run export` writes: one place that decides which redirects are
 * followed.
 *
 * - An answer that is not a list is no redirects; an entry that is not a redirect is left out.
 * - `from` is a site path, matched ignoring case and a trailing slash; `to` a site path or an
 *   `http(s)` address; `status` 301, 302, 307 or 308.
 * - The route table's fixed addresses win: a redirect from one is refused.
 * - A redirect to itself, a second one from the same address, and every redirect whose chain
 *   comes back on itself (a loop) are refused, each with the reason, for the log.
 * - A chain (`/a` → `/b` → `/c`) is answered in one hop (`/a` → `/c`): permanent only if every hop
 *   is, keeping the method only if every hop does.
 *
 * `createRedirectList` keeps the list as the server keeps content answers: loaded at start, held
 * under the one caching rule (./swrCache.ts: fresh, then stale while one reload runs, and the last
 * good list whatever its age while the service fails), shared through Redis, and loaded again by
 * the publish webhook (`"redirects": true` or `"all"`, ./revalidate.ts) on every instance. A
 * `404`, or an answer that is not a list, is "no redirects" (a service that offers none); any
 * other failure keeps the list held. Each refused redirect is logged once per list.
 */
import { contentCalls } from "../content/calls.ts";
import { withQueryOf } from "../content/canonicalAddress.ts";
import type { SharedStore } from "./shared.ts";
import { createSwrCache } from "./swrCache.ts";

export const redirectStatuses = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof redirectStatuses)[number];

export interface Redirect {
  from: string;
  to: string;
  status: RedirectStatus;
}

/** A redirect the site does not follow, and why (the server logs each). */
export interface RefusedRedirect {
  entry: unknown;
  why: string;
}

/** The redirects followed, by `redirectKey` of their `from`. */
export type RedirectTable = ReadonlyMap<string, Redirect>;

export interface RedirectRules {
  /** The one site-path rule: a path of this site, not another origin's. */
  isSitePath: (address: string) => boolean;
  /** The route table's fixed addresses (by `redirectKey`), which no redirect may take away. */
  fixed: ReadonlySet<string>;
}

/** The most redirects read from one answer; past it the rest are refused (a list of editors' moves, not a database). */
export const maxRedirects = 10_000;
const maxAddressLength = 2048;

/** How a path is matched: its letter case and trailing slashes ignored ("/" stays "/"). */
export const redirectKey = (path: string): string => path.replace(/\/+$/, "").toLowerCase() || "/";

/** The path of a site address, without query or hash. */
const pathOf = (address: string) => address.split(/[?#]/, 1)[0] ?? "";

function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/** An entry of the answer, as a redirect, or why it is not one. */
function readEntry(entry: unknown, rules: RedirectRules): Redirect | string {
  if (typeof entry !== "object" || entry === null) return "not an object";
  const { from, to, status } = entry as Record<string, unknown>;
  if (typeof from !== "string" || typeof to !== "string") return "`from` and `to` must be text";
  if (!redirectStatuses.includes(status as RedirectStatus)) return "`status` must be 301, 302, 307 or 308";
  if (from.length > maxAddressLength || to.length > maxAddressLength) return "an address longer than 2,048 characters";
  if (!rules.isSitePath(from) || /[?#\s]/.test(from)) return "`from` must be a path of the site, without query or hash";
  if (!rules.isSitePath(to) && !isWebAddress(to)) return "`to` must be a path of the site or an http(s) address";
  if (rules.fixed.has(redirectKey(from))) return "`from` is a fixed address of the route table";
  if (rules.isSitePath(to) && redirectKey(pathOf(to)) === redirectKey(from)) return "it redirects to itself";
  return { from, to, status: status as RedirectStatus };
}

/** The status of several hops answered as one. */
function combined(hops: readonly Redirect[]): RedirectStatus {
  const permanent = hops.every((hop) => hop.status === 301 || hop.status === 308);
  const keepsMethod = hops.every((hop) => hop.status === 307 || hop.status === 308);
  return permanent ? (keepsMethod ? 308 : 301) : keepsMethod ? 307 : 302;
}

/** The table of the redirects an answer holds, and those refused with their reasons. */
export function readRedirects(answer: unknown, rules: RedirectRules): { table: RedirectTable; refused: RefusedRedirect[] } {
  const refused: RefusedRedirect[] = [];
  if (!Array.isArray(answer)) return { table: new Map(), refused };
  const direct = new Map<string, Redirect>();
  answer.forEach((entry: unknown, index) => {
    if (index >= maxRedirects) return void refused.push({ entry, why: `more than ${String(maxRedirects)} redirects` });
    const read = readEntry(entry, rules);
    if (typeof read === "string") return void refused.push({ entry, why: read });
    const key = redirectKey(read.from);
    if (direct.has(key)) return void refused.push({ entry, why: "a second redirect from the same address" });
    direct.set(key, read);
  });
  const table = new Map<string, Redirect>();
  for (const [key, first] of direct) {
    // Followed hop by hop; a chain that reaches an address it has passed is a loop.
    const hops = [first];
    const seen = new Set([key]);
    let last = first;
    let loop = false;
    while (rules.isSitePath(last.to)) {
      const nextKey = redirectKey(pathOf(last.to));
      const next = direct.get(nextKey);
      if (!next) break;
      if (seen.has(nextKey)) {
        loop = true;
        break;
      }
      seen.add(nextKey);
      hops.push(next);
      last = next;
    }
    if (loop) refused.push({ entry: first, why: `a loop: ${hops.map((hop) => hop.from).join(" → ")} → ${last.to}` });
    else table.set(key, { from: first.from, to: last.to, status: combined(hops) });
  }
  return { table, refused };
}

/**
 * Where a request for `path` (with its query, `search`, "" or "?…") is redirected, if anywhere:
 * the target with the request's query kept (parameters the target names itself stay its own).
 */
export function redirectFor(table: RedirectTable, path: string, search: string): { location: string; status: RedirectStatus } | undefined {
  const redirect = table.size === 0 ? undefined : table.get(redirectKey(path));
  return redirect && { location: withQueryOf(redirect.to, search), status: redirect.status };
}

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
