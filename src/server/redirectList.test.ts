// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type RedisServer } from "../../tests/redisServer.ts";
import type { RedirectRules } from "../content/redirects.ts";
import { contentCalls } from "../content/calls.ts";
import { createRedirectList, type RedirectListOptions } from "./redirectList.ts";
import { connectShared, type SharedStore } from "./shared.ts";

const rules: RedirectRules = { isSitePath: (address) => address.startsWith("/") && !address.startsWith("//"), fixed: new Set(["/about-us"]) };

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

describe("the redirect list", () => {
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
