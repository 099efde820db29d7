// @vitest-environment node
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type RedisServer } from "../../tests/redisServer.ts";
import { contentCalls } from "../content/calls.ts";
import { createRedirectList, readRedirects, redirectFor, redirectKey, type RedirectListOptions, type RedirectRules } from "./redirects.ts";
import { connectShared, type SharedStore } from "./shared.ts";

const rules: RedirectRules = { isSitePath: (address) => address.startsWith("/") && !address.startsWith("//") && !address.startsWith("/\\"), fixed: new Set(["/", "/home", "/about-us", "/blogs"]) };
const read = (answer: unknown) => readRedirects(answer, rules);

describe("the editors' redirect list", () => {
  it("is none when the answer is not a list", () => {
    for (const answer of [null, {}, "[]", { redirects: [] }, 404]) expect(read(answer).table.size).toBe(0);
  });

  it("matches `from` ignoring case and a trailing slash, and keeps the query on the way out", () => {
    const { table } = read([{ from: "/Insights/Old-Post", to: "/blogs/new-post", status: 301 }]);
    expect(redirectFor(table, "/insights/old-post/", "")).toEqual({ location: "/blogs/new-post", status: 301 });
    expect(redirectFor(table, "/INSIGHTS/OLD-POST", "?utm_source=mail&page=2")).toEqual({ location: "/blogs/new-post?utm_source=mail&page=2", status: 301 });
    expect(redirectFor(table, "/insights/old-post/more", "")).toBeUndefined();
  });

  it("keeps a target's own query and its other origin, adding the request's other parameters", () => {
    const { table } = read([
      { from: "/jobs", to: "https://careers.example.com/open?team=ops", status: 302 },
      { from: "/old-list", to: "/blogs/x?sort=ascending", status: 307 },
    ]);
    expect(redirectFor(table, "/jobs", "?team=design&utm_source=x")).toEqual({ location: "https://careers.example.com/open?team=ops&utm_source=x", status: 302 });
    expect(redirectFor(table, "/old-list", "?sort=descending")).toEqual({ location: "/blogs/x?sort=ascending", status: 307 });
  });

  it("cannot take a fixed address of the route table away; a pattern's or the catch-all's address it can", () => {
    const { table, refused } = read([
      { from: "/About-Us/", to: "/People", status: 301 },
      { from: "/", to: "/elsewhere", status: 302 },
      { from: "/blogs/old-post", to: "/blogs/new-post", status: 301 },
      { from: "/Feedback", to: "/contact-us", status: 302 },
    ]);
    expect([...table.keys()]).toEqual(["/blogs/old-post", "/feedback"]);
    expect(refused.map(({ why }) => why)).toEqual(["`from` is a fixed address of the route table", "`from` is a fixed address of the route table"]);
  });

  it("answers a chain in one hop, permanent only if every hop is", () => {
    const { table } = read([
      { from: "/a", to: "/b", status: 308 },
      { from: "/b", to: "/c", status: 301 },
      { from: "/c", to: "https://example.com/d", status: 308 },
      { from: "/x", to: "/y", status: 307 },
      { from: "/y", to: "/z", status: 308 },
      { from: "/t", to: "/a", status: 302 },
    ]);
    expect(table.get("/a")).toEqual({ from: "/a", to: "https://example.com/d", status: 301 });
    expect(table.get("/x")).toEqual({ from: "/x", to: "/z", status: 307 });
    expect(table.get("/t")?.status).toBe(302);
  });

  it("refuses loops, self-redirects, duplicates and entries that are not redirects, saying why", () => {
    const { table, refused } = read([
      { from: "/loop-a", to: "/loop-b", status: 301 },
      { from: "/loop-b", to: "/LOOP-A/", status: 301 },
      { from: "/into-loop", to: "/loop-a", status: 301 },
      { from: "/self", to: "/Self/?x=1", status: 301 },
      { from: "/dup", to: "/one", status: 301 },
      { from: "/DUP/", to: "/two", status: 301 },
      { from: "/bad-status", to: "/x", status: 303 },
      { from: "//evil.example/x", to: "/x", status: 301 },
      { from: "/evil", to: "javascript:alert(1)", status: 301 },
      { from: "/evil2", to: "//evil.example/", status: 301 },
      { from: "/q?x=1", to: "/x", status: 301 },
      "nonsense",
    ]);
    expect([...table.keys()]).toEqual(["/dup"]);
    expect(refused.map(({ why }) => why)).toEqual([
      "it redirects to itself",
      "a second redirect from the same address",
      "`status` must be 301, 302, 307 or 308",
      "`from` must be a path of the site, without query or hash",
      "`to` must be a path of the site or an http(s) address",
      "`to` must be a path of the site or an http(s) address",
      "`from` must be a path of the site, without query or hash",
      "not an object",
      "a loop: /loop-a → /loop-b → /LOOP-A/",
      "a loop: /loop-b → /loop-a → /loop-b",
      "a loop: /into-loop → /loop-a → /loop-b → /LOOP-A/",
    ]);
  });

  it("never answers a redirect whose target is redirected again, to itself, or away from a fixed address", () => {
    const path = fc.constantFrom("/a", "/b", "/c", "/d", "/A/", "/home", "/about-us", "/blogs/x");
    const entry = fc.record({ from: path, to: fc.oneof(path, fc.constant("https://example.com/")), status: fc.constantFrom(301, 302, 307, 308) });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (answer) => {
        const { table } = read(answer);
        for (const [key, redirect] of table) {
          expect(rules.fixed.has(key)).toBe(false);
          if (rules.isSitePath(redirect.to)) {
            expect(redirectKey(redirect.to)).not.toBe(key);
            expect(table.has(redirectKey(redirect.to))).toBe(false);
          }
        }
      }),
    );
  });
});

/** A content service whose redirect answer the test sets: a status and a body, counting the calls. */
function service() {
  const state = { status: 200, body: JSON.stringify([{ from: "/old", to: "/new", status: 301 }]), calls: 0 };
  const call: RedirectListOptions["call"] = (path, body) => {
    expect([path, body]).toEqual([contentCalls.redirectList.path, "{}"]);
    state.calls += 1;
    return Promise.resolve(new Response(state.body, { status: state.status }));
  };
  return { state, call };
}

const list = (call: RedirectListOptions["call"], more: Partial<RedirectListOptions> = {}) => {
  const warnings: string[] = [];
  const redirects = createRedirectList({ call, rules, freshMs: 60_000, staleMs: 600_000, warn: (line) => warnings.push(line), ...more });
  return { redirects, warnings };
};
const targets = (table: ReturnType<ReturnType<typeof createRedirectList>["table"]>) => [...table.values()].map(({ from, to }) => `${from} -> ${to}`);

describe("the redirect list as the server holds it", () => {
  it("is loaded at start and followed", async () => {
    const { call } = service();
    const { redirects } = list(call);
    expect(redirects.table().size).toBe(0);
    await redirects.ready;
    expect(targets(redirects.table())).toEqual(["/old -> /new"]);
  });

  it("is none when the service answers 404 or something that is not a list", async () => {
    for (const [status, body] of [[404, "not here"], [200, "{}"], [200, "not json"], [200, '{"redirects": []}']] as const) {
      const { state, call } = service();
      Object.assign(state, { status, body });
      const { redirects, warnings } = list(call);
      await redirects.ready;
      expect(redirects.table().size).toBe(0);
      expect(warnings).toEqual([]);
    }
  });

  it("keeps the last list while the service fails, and asks again only every few seconds", async () => {
    const { state, call } = service();
    let clock = 0;
    const { redirects, warnings } = list(call, { now: () => clock, freshMs: 1000, staleMs: 0 });
    await redirects.ready;
    state.status = 500;
    clock = 5000;
    redirects.table();
    await expect.poll(() => state.calls).toBe(2);
    await expect.poll(() => warnings.length).toBeGreaterThan(0);
    expect(targets(redirects.table())).toEqual(["/old -> /new"]);
    // Every request meanwhile finds the list held, without a call to the failing service.
    for (let i = 0; i < 50; i++) redirects.table();
    expect(state.calls).toBe(2);
    clock += 10_000;
    redirects.table();
    await expect.poll(() => state.calls).toBe(3);
  });

  it("is reloaded at once when asked (the publish webhook), and refused entries are logged once", async () => {
    const { state, call } = service();
    const { redirects, warnings } = list(call);
    await redirects.ready;
    state.body = JSON.stringify([
      { from: "/old", to: "/newer", status: 308 },
      { from: "/about-us", to: "/people", status: 301 },
    ]);
    expect((await redirects.reload(false)).size).toBe(1);
    expect(targets(redirects.table())).toEqual(["/old -> /newer"]);
    redirects.table();
    expect(warnings).toEqual(['redirect not followed, `from` is a fixed address of the route table: {"from":"/about-us","to":"/people","status":301}']);
  });
});

describe("the redirect list shared through Redis", () => {
  let redis: RedisServer;
  let stores: SharedStore[];
  beforeAll(async () => {
    redis = await startRedis();
    stores = await Promise.all([connectShared(redis.url), connectShared(redis.url)]);
  }, 20_000);
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis.stop();
  });

  it("is read from the service by one instance, taken from Redis by the other, and reloaded on both", async () => {
    const { state, call } = service();
    const one = list(call, { shared: stores[0] }).redirects;
    await one.ready;
    const two = list(call, { shared: stores[1] }).redirects;
    await two.ready;
    expect(state.calls).toBe(1);
    expect(targets(two.table())).toEqual(["/old -> /new"]);
    state.body = JSON.stringify([{ from: "/old", to: "/moved-again", status: 301 }]);
    // The instance the webhook reached reloads everywhere; another, told over pub/sub, reloads its own and finds the new list in Redis.
    await one.reload(true);
    await two.reload(false);
    expect(state.calls).toBe(2);
    expect([targets(one.table()), targets(two.table())]).toEqual([["/old -> /moved-again"], ["/old -> /moved-again"]]);
  });
});
