import { describe, expect, it, vi } from "vitest";
import { createContentCache } from "./contentCache.ts";

function service(answers: (() => Response | Promise<Response>)[]) {
  const calls: { path: string; body: string }[] = [];
  return {
    calls,
    upstream: vi.fn((path: string, body: string) => {
      calls.push({ path, body });
      const next = answers.shift();
      if (!next) throw new Error("no more answers");
      return Promise.resolve(next());
    }),
  };
}

const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
const post = (body: string) => ({ method: "POST", body });

describe("content cache", () => {
  it("asks the service once however many ask at once, and answers again from the copy while it is fresh", async () => {
    let now = 0;
    const { upstream, calls } = service([ok({ id: 1 })]);
    const cache = createContentCache({ upstream, freshMs: 60_000, staleMs: 600_000, now: () => now });
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.fetch("/api/page/get", post('"index"')).then((r) => r.json())));
    expect(answers.every((a) => (a as { id: number }).id === 1)).toBe(true);
    now = 59_000;
    await cache.fetch("/api/page/get", post('"index"'));
    expect(calls).toHaveLength(1);
    expect(cache.upstreamCalls()).toBe(1);
  });

  it("keys answers by call and body", async () => {
    const { upstream, calls } = service([ok({ id: 1 }), ok({ id: 2 })]);
    const cache = createContentCache({ upstream, freshMs: 60_000, staleMs: 0 });
    expect(await (await cache.fetch("/api/page/get", post('"index"'))).json()).toEqual({ id: 1 });
    expect(await (await cache.fetch("/api/page/get", post('"People"'))).json()).toEqual({ id: 2 });
    expect(calls.map((c) => c.body)).toEqual(['"index"', '"People"']);
  });

  it("serves a stale copy at once while one refresh runs behind it", async () => {
    let now = 0;
    let release: (response: Response) => void = () => undefined;
    const { upstream, calls } = service([ok({ v: 1 }), () => new Promise<Response>((resolve) => (release = resolve))]);
    const cache = createContentCache({ upstream, freshMs: 1000, staleMs: 10_000, now: () => now });
    await cache.fetch("/api/menu/GetMenuList", post("{}"));
    now = 5000;
    expect(await (await cache.fetch("/api/menu/GetMenuList", post("{}"))).json()).toEqual({ v: 1 });
    expect(await (await cache.fetch("/api/menu/GetMenuList", post("{}"))).json()).toEqual({ v: 1 });
    expect(calls).toHaveLength(2);
    release(ok({ v: 2 })());
    await vi.waitFor(async () => expect(await (await cache.fetch("/api/menu/GetMenuList", post("{}"))).json()).toEqual({ v: 2 }));
  });

  it("serves the last good copy, whatever its age, when the service fails; fails when there is none", async () => {
    let now = 0;
    const { upstream } = service([ok({ v: 1 }), () => new Response("down", { status: 500 }), () => Promise.reject(new Error("refused"))]);
    const cache = createContentCache({ upstream, freshMs: 1000, staleMs: 1000, now: () => now });
    await cache.fetch("/api/page/get", post('"index"'));
    now = 1_000_000;
    expect(await (await cache.fetch("/api/page/get", post('"index"'))).json()).toEqual({ v: 1 });
    await expect(cache.fetch("/api/page/get", post('"People"'))).rejects.toThrow("refused");
  });

  it("never keeps an error answer", async () => {
    const { upstream, calls } = service([() => new Response("{}", { status: 503 }), ok({ v: 1 })]);
    const cache = createContentCache({ upstream, freshMs: 60_000, staleMs: 0 });
    await expect(cache.fetch("/api/page/get", post('"x"'))).rejects.toThrow("503");
    expect(await (await cache.fetch("/api/page/get", post('"x"'))).json()).toEqual({ v: 1 });
    expect(calls).toHaveLength(2);
  });

  it("answers a call that hung until its time-out with the failure at once for 15 s, then asks again", async () => {
    let now = 0;
    const hung = () => {
      now += 10_000; // the service held the call until the server's time-out
      return Promise.reject(new DOMException("The operation timed out.", "TimeoutError"));
    };
    const { upstream, calls } = service([hung, ok({ v: 1 })]);
    const cache = createContentCache({ upstream, freshMs: 60_000, staleMs: 0, now: () => now });
    await expect(cache.fetch("/api/menu/GetMenuList", post("{}"))).rejects.toThrow("timed out");
    // The next pages do not wait the time-out again: their menu is left out at once.
    now += 14_000;
    await expect(cache.fetch("/api/menu/GetMenuList", post("{}"))).rejects.toThrow("timed out");
    expect(calls).toHaveLength(1);
    now += 1_000;
    expect(await (await cache.fetch("/api/menu/GetMenuList", post("{}"))).json()).toEqual({ v: 1 });
    expect(calls).toHaveLength(2);
  });
});
