// @vitest-environment node
/**
 * The CDN purge adapters against fakes of the CDNs' documented APIs (Fastly's batch purge by
 * surrogate key, Cloudflare's purge_cache by tags): the call each makes, its batches, and what the
 * publish webhook's receipt says when the CDN takes it or refuses. Varnish's is tested against a
 * real Varnish in tests/edge.test.ts.
 */
import { describe, expect, it } from "vitest";
import { cloudflarePurger, edgePurgerFromEnv, fastlyPurger, varnishPurger } from "./purge.ts";

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A CDN's API: records each call and answers with `answer`. */
function fakeApi(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const call = { url: request.url, method: request.method, headers: Object.fromEntries(request.headers), body: await request.text() };
    sent.push(call);
    return answer(call);
  };
  return { sent, fetch };
}

const tags = (n: number) => Array.from({ length: n }, (_, i) => `page:p${i}`);

describe("Fastly", () => {
  it("purges by surrogate key, 256 keys a call, with the service's token, and reports the purge ids", async () => {
    const api = fakeApi(() => Response.json({ "page:p0": "108-1391560174-974124" }));
    const purger = fastlyPurger({ serviceId: "SU1Z0isxPaozGVKXdv0eY", token: "fastly-token", fetch: api.fetch });
    const results = await purger.purge(tags(300));
    expect(api.sent.map((call) => [call.method, call.url, call.headers["fastly-key"], call.headers["surrogate-key"]?.split(" ").length])).toEqual([
      ["POST", "https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY/purge", "fastly-token", 256],
      ["POST", "https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY/purge", "fastly-token", 44],
    ]);
    expect(api.sent[0]?.headers["fastly-soft-purge"]).toBeUndefined();
    expect(results).toEqual([
      { target: "https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY/purge", ok: true, tags: 256, detail: "purge ids 108-1391560174-974124" },
      { target: "https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY/purge", ok: true, tags: 44, detail: "purge ids 108-1391560174-974124" },
    ]);
  });

  it("asks for a soft purge when configured, and reports a refused token", async () => {
    const api = fakeApi(() => Response.json({ msg: "Provided credentials are missing or invalid" }, { status: 401 }));
    const purger = edgePurgerFromEnv({ FASTLY_SERVICE_ID: "svc", FASTLY_API_TOKEN: "bad", FASTLY_SOFT_PURGE: "1" }, "fastly", { fetch: api.fetch });
    expect(await purger?.purge(["menus"])).toEqual([{ target: "https://api.fastly.com/service/svc/purge", ok: false, tags: 1, detail: "HTTP 401" }]);
    expect(api.sent[0]?.headers["fastly-soft-purge"]).toBe("1");
  });
});

describe("Cloudflare", () => {
  it("purges by cache tag, 100 tags a call, with a bearer token", async () => {
    const api = fakeApi(() => Response.json({ success: true, errors: [], messages: [], result: { id: "023e105f4ecef8ad9ca31a8372d0c353" } }));
    const purger = cloudflarePurger({ zoneId: "023e105f4ecef8ad9ca31a8372d0c353", token: "cf-token", fetch: api.fetch });
    const results = await purger.purge(tags(150));
    expect(api.sent.map((call) => [call.method, call.url, call.headers.authorization, call.headers["content-type"], (JSON.parse(call.body) as { tags: string[] }).tags.length])).toEqual([
      ["POST", "https://api.cloudflare.com/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache", "Bearer cf-token", "application/json", 100],
      ["POST", "https://api.cloudflare.com/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache", "Bearer cf-token", "application/json", 50],
    ]);
    expect(JSON.parse(api.sent[1]?.body ?? "{}")).toEqual({ tags: tags(150).slice(100) });
    expect(results.map((result) => [result.ok, result.detail])).toEqual([
      [true, "purged"],
      [true, "purged"],
    ]);
  });

  it("reports Cloudflare's own error message, and a network failure by its code", async () => {
    const refused = fakeApi(() => Response.json({ success: false, errors: [{ code: 1134, message: "Purge by tag requires an enterprise zone" }] }, { status: 400 }));
    expect(await cloudflarePurger({ zoneId: "z", token: "t", fetch: refused.fetch }).purge(["pages"])).toEqual([
      { target: "https://api.cloudflare.com/client/v4/zones/z/purge_cache", ok: false, tags: 1, detail: "HTTP 400: Purge by tag requires an enterprise zone" },
    ]);
    const down: typeof fetch = () => Promise.reject(new TypeError("fetch failed", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) }));
    expect((await cloudflarePurger({ zoneId: "z", token: "t", fetch: down }).purge(["pages"]))[0]?.detail).toBe("ECONNREFUSED");
  });
});

describe("Varnish", () => {
  it("sends every Varnish the same PURGE with the tags in xkey, and reads how many objects went", async () => {
    const api = fakeApi(() => new Response(null, { status: 200, headers: { "X-Purged": "7" } }));
    const results = await varnishPurger(["http://10.0.0.1:6081", "http://10.0.0.2:6081"], { fetch: api.fetch }).purge(["page:about-us", "menus"]);
    expect(api.sent.map((call) => [call.method, call.url, call.headers.xkey])).toEqual([
      ["PURGE", "http://10.0.0.1:6081/", "page:about-us menus"],
      ["PURGE", "http://10.0.0.2:6081/", "page:about-us menus"],
    ]);
    expect(results.map((result) => result.detail)).toEqual(["7 objects", "7 objects"]);
  });
});

describe("settings", () => {
  it("need nothing without a CDN, and refuse to start a CDN without what its purge needs", () => {
    expect(edgePurgerFromEnv({}, null)).toBeNull();
    expect(() => edgePurgerFromEnv({}, "varnish")).toThrow(/VARNISH_PURGE_URLS/);
    expect(() => edgePurgerFromEnv({ FASTLY_SERVICE_ID: "svc" }, "fastly")).toThrow(/FASTLY_API_TOKEN/);
    expect(() => edgePurgerFromEnv({ CLOUDFLARE_API_TOKEN: "t" }, "cloudflare")).toThrow(/CLOUDFLARE_ZONE_ID/);
    expect(() => edgePurgerFromEnv({ VARNISH_PURGE_URLS: "not an address" }, "varnish")).toThrow();
  });
});
