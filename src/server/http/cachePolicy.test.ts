// @vitest-environment node
import { describe, expect, it } from "vitest";
import { cacheControl, cacheControlFor, edgePolicyFromEnv, pageCaching } from "./cachePolicy.ts";

describe("cache policy", () => {
  it("revalidates pages, keeps hashed assets a year and other files an hour", () => {
    for (const page of ["/", "/Home", "/blogs/some-note", "/index.html"]) expect(cacheControlFor(page), page).toBe(cacheControl.html);
    expect(cacheControl.html).toBe("public, max-age=0");
    expect(cacheControlFor("/assets/index-Bx12ab.js")).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor("/favicon.svg")).toBe("public, max-age=3600");
  });

  it("gives a shared answer the CDN's lifetimes, each a setting, and its tags in the configured CDN's header", () => {
    const policy = edgePolicyFromEnv({ CDN: "Fastly", EDGE_CACHE_SECONDS: "120", EDGE_STALE_WHILE_REVALIDATE_SECONDS: "15", EDGE_STALE_IF_ERROR_SECONDS: "3600" });
    expect(pageCaching(policy, "shared", ["pages", "menus"])).toEqual({
      "Cache-Control": "public, max-age=0",
      "CDN-Cache-Control": "max-age=120, stale-while-revalidate=15, stale-if-error=3600",
      "Surrogate-Control": "max-age=120, stale-while-revalidate=15, stale-if-error=3600",
      "Surrogate-Key": "pages menus",
    });
    expect(pageCaching(edgePolicyFromEnv({ CDN: "cloudflare" }), "shared", ["pages", "menus"])["Cache-Tag"]).toBe("pages,menus");
    expect(pageCaching(edgePolicyFromEnv({ CDN: "varnish" }), "shared", ["pages"]).xkey).toBe("pages");
    // No CDN: the lifetimes (harmless), no tags.
    expect(Object.keys(pageCaching(edgePolicyFromEnv({}), "shared", ["pages"]))).toEqual(["Cache-Control", "CDN-Cache-Control", "Surrogate-Control"]);
  });

  it("gives anything personal private, no-store and no shared-cache header or tag, whatever it was made of", () => {
    for (const cdn of ["", "varnish", "fastly", "cloudflare"]) expect(pageCaching(edgePolicyFromEnv({ CDN: cdn }), "personal", ["pages", "page:about-us"])).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("stops the start on a CDN it does not know", () => {
    expect(() => edgePolicyFromEnv({ CDN: "akamai" })).toThrow(/CDN: "akamai" is not one of varnish, fastly, cloudflare/);
    expect(edgePolicyFromEnv({})).toEqual({ cdn: null, sharedSeconds: 3600, staleWhileRevalidateSeconds: 60, staleIfErrorSeconds: 86_400 });
  });
});
