import { describe, expect, it, vi } from "vitest";
import { createContentCache } from "./contentCache.ts";

function service(answers: (() => Response | Promise<Response>)[]) {
  const calls: { path: string; body: string }[] = [];
  return {
    calls,
    // The content service over the network: the cache sends each call to `base` + its path.
    fetch: vi.fn((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      expect(url.origin).toBe("https://content.test");
      calls.push({ path: url.pathname, body: typeof init?.body === "string" ? init.body : "" });
      const next = answers.shift();
      if (!next) throw new Error("no more answers");
      return Promise.resolve(next());
    }) as typeof fetch,
  };
}

const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
const post = (body: string) => ({ method: "POST", body });

describe("content cache", () => {
  it("asks the service once however many ask at once, and answers again from the copy while it is fresh", async () => {
    let now = 0;
    const { fetch, calls } = service([ok({ id: 1 })]);
    const cache = createContentCache({ base: "https://content.test", timeoutMs: 10_000, fetch, freshMs: 60_000, staleMs: 600_000, now: () => now });
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.fetch("/api/page/get", post('"index"')).then((r) => r.json())));
    expect(answers.every((a) => (a as { id: number }).id === 1)).toBe(true);
    now = 59_000;
    await cache.fetch("/api/page/get", post('"index"'));
    expect(calls).toHaveLength(1);
    expect(cache.upstreamCalls()).toBe(1);
  });

  it("keys answers by call and body", async () => {
    const { fetch, calls } = service([ok({ id: 1 }), ok({ id: 2 })]);
    const cache = createContentCache({ base: "https://content.test", timeoutMs: 10_000, fetch, freshMs: 60_000, staleMs: 0 });
    expect(await (await cache.fetch("/api/page/get", post('"index"'))).json()).toEqual({ id: 1 });
    expect(await (await cache.fetch("/api/page/get", post('"People"'))).json()).toEqual({ id: 2 });
    expect(calls.map((c) => c.body)).toEqual(['"index"', '"People"']);
  });

  it("serves a stale copy at once while one refresh runs behind it", async () => {
    let now = 0;
    let release: (response: Response) => void = () => undefined;
    const { fetch, calls } = service([ok({ v: 1 }), () => new Promise<Response>((resolve) => (release = resolve))]);
    const cache = createContentCache({ base: "https://content.test", timeoutMs: 10_000, fetch, freshMs: 1000, staleMs: 10_000, now: () => now });
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
    const { fetch } = service([ok({ v: 1 }), () => new Response("down", { status: 500 }), () => Promise.reject(new Error("refused"))]);
    const cache = createContentCache({ base: "https://content.test", timeoutMs: 10_000, fetch, freshMs: 1000, staleMs: 1000, now: () => now });
    await cache.fetch("/api/page/get", post('"index"'));
    now = 1_000_000;
    expect(await (await cache.fetch("/api/page/get", post('"index"'))).json()).toEqual({ v: 1 });
    await expect(cache.fetch("/api/page/get", post('"People"'))).rejects.toThrow("refused");
  });

  it("never keeps an error answer", async () => {
    const { fetch, calls } = service([() => new Response("{}", { status: 503 }), ok({ v: 1 })]);
    const cache = createContentCache({ base: "https://content.test", timeoutMs: 10_000, fetch, freshMs: 60_000, staleMs: 0 });
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
    const { fetch, calls } = service([hung, ok({ v: 1 })]);
    const cache = createContentCache({ base: "https://content.test", timeoutMs: 10_000, fetch, freshMs: 60_000, staleMs: 0, now: () => now });
    await expect(cache.fetch("/api/menu/GetMenuList", post("{}"))).rejects.toThrow("timed out");
    // The next pages do not wait the time-out again: their menu is left out at once.
    now += 14_000;
    await expect(cache.fetch("/api/menu/GetMenuList", post("{}"))).rejects.toThrow("timed out");
    expect(calls).toHaveLength(1);
    now += 1_000;
    expect(await (await cache.fetch("/api/menu/GetMenuList", post("{}"))).json()).toEqual({ v: 1 });
    expect(calls).toHaveLength(2);
  });

  it("gives a call over the network one time-out, CONTENT_TIMEOUT_SECONDS's", async () => {
    const hanging: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason instanceof Error ? init.signal.reason : new Error("aborted"))));
    const cache = createContentCache({ base: "https://content.test", timeoutMs: 30, fetch: hanging, freshMs: 60_000, staleMs: 0 });
    await expect(cache.fetch("/api/page/get", post('"index"'))).rejects.toThrow(/timed out|timeout/i);
  });

  it("calls a service in this process directly, and records the key of each cached call a render made", async () => {
    const seen: string[] = [];
    const cache = createContentCache({
      base: "",
      inProcess: async (request) => {
        seen.push(`${request.method} ${request.url} ${await request.text()}`);
        return new Response('{"id":1}', { status: 200, headers: { "Content-Type": "application/json" } });
      },
      timeoutMs: 10_000,
      freshMs: 60_000,
      staleMs: 0,
    });
    const deps = new Set<string>();
    const render = cache.recording(deps);
    await render("/api/page/get", post('"index"'));
    await render("/api/menu/GetMenuList", post("{}"));
    expect(seen).toEqual(['POST http://content.local/api/page/get "index"', "POST http://content.local/api/menu/GetMenuList {}"]);
    expect([...deps]).toEqual(['/api/page/get\n"index"', "/api/menu/GetMenuList\n{}"]);
  });
});
