// @vitest-environment node
import { describe, expect, it } from "vitest";
import { tempLeadsDb, tinyBuild } from "../../../tests/serverFaults.ts";
import { startSiteOnFixtures } from "../../../tests/siteOnFixtures.ts";
import { isValidHost, securityHeaders, securityOptionsFromEnv, type SecurityOptions } from "./security.ts";

const directives = (csp: string) => new Map(csp.split(";").map((d) => { const [name = "", ...values] = d.trim().split(/\s+/); return [name, values]; }));

describe("security headers", () => {
  it("allow scripts from the site only, with no inline or eval, and forbid framing, plugins and foreign forms", async () => {
    const headers = await securityHeaders({ recaptcha: false, https: false });
    const csp = directives(headers["content-security-policy"] ?? "");
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    // Inline style attributes are allowed; it is scripts that are strict.
    expect(csp.get("style-src")).toContain("'unsafe-inline'");
    expect(headers["content-security-policy"]).not.toMatch(/google|gstatic|unsafe-eval/);
    expect(headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
    });
    expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
    expect(headers["permissions-policy"]).toMatch(/microphone=\(\)/);
    expect(headers["permissions-policy"]).toMatch(/geolocation=\(\)/);
    expect(headers["strict-transport-security"]).toBeUndefined();
    expect(headers["content-security-policy"]).not.toMatch(/upgrade-insecure-requests/);
  });

  it("adds reCAPTCHA's script and frame origins only when a site key is set", async () => {
    const csp = directives((await securityHeaders({ recaptcha: true, https: false }))["content-security-policy"] ?? "");
    expect(csp.get("script-src")).toEqual(["'self'", "https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"]);
    expect(csp.get("frame-src")).toContain("https://www.google.com/recaptcha/");
  });

  it("lets the site call a content service on another origin, and only that one", async () => {
    const csp = async (contentApiBase: string) => directives((await securityHeaders({ recaptcha: false, https: false, contentApiBase }))["content-security-policy"] ?? "").get("connect-src");
    expect(await csp("https://content.example.com/base")).toEqual(["'self'", "https://content.example.com"]);
    expect(await csp("")).toEqual(["'self'"]);
    expect(await csp("/relative")).toEqual(["'self'"]);
  });

  it("loads pictures and videos from the site, the single-page build's content service and the configured media origins only", async () => {
    const csp = async (options: Partial<SecurityOptions>) => directives((await securityHeaders({ recaptcha: false, https: false, ...options }))["content-security-policy"] ?? "");
    const plain = await csp({});
    expect(plain.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(plain.get("media-src")).toEqual(["'self'", "blob:"]);
    const configured = await csp({ contentApiBase: "https://content.example.com/api", mediaOrigins: "https://cdn.example.net/img, https://video.example.org not-an-address" });
    expect(configured.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://content.example.com", "https://cdn.example.net", "https://video.example.org"]);
    expect(configured.get("media-src")).toEqual(["'self'", "blob:", "https://content.example.com", "https://cdn.example.net", "https://video.example.org"]);
    expect(securityOptionsFromEnv({ MEDIA_ORIGINS: "https://cdn.example.net" }).mediaOrigins).toBe("https://cdn.example.net");
    // The service the server reads, named by its absolute addresses: its media load, and it is still not called from the page.
    const served = await csp({ ...securityOptionsFromEnv({ CONTENT_API_BASE: "http://127.0.0.1:4545/" }) });
    expect(served.get("img-src")).toEqual(["'self'", "data:", "blob:", "http://127.0.0.1:4545"]);
    expect(served.get("media-src")).toEqual(["'self'", "blob:", "http://127.0.0.1:4545"]);
    expect(served.get("connect-src")).toEqual(["'self'"]);
  });

  it("sends HSTS only over HTTPS, and upgrades stray http: there", async () => {
    const headers = await securityHeaders({ recaptcha: false, https: true });
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headers["content-security-policy"]).toMatch(/upgrade-insecure-requests/);
  });
});

describe("security options from the environment", () => {
  it("adds reCAPTCHA with a site key, HSTS with SITE_HTTPS=1 and the content service's address", () => {
    expect(securityOptionsFromEnv({})).toEqual({ recaptcha: false, https: false, contentApiBase: undefined });
    expect(securityOptionsFromEnv({ VITE_RECAPTCHA_SITE_KEY: "  ", SITE_HTTPS: "true" })).toMatchObject({ recaptcha: false, https: false });
    expect(securityOptionsFromEnv({ VITE_RECAPTCHA_SITE_KEY: "6Lc-key", SITE_HTTPS: "1", VITE_CONTENT_API_BASE: "https://content.example.com" })).toEqual({
      recaptcha: true,
      https: true,
      contentApiBase: "https://content.example.com",
    });
  });
});

describe("Host header", () => {
  it("accepts names, addresses and ports a browser sends", () => {
    for (const host of ["localhost", "localhost:4173", "www.corvane.example", "127.0.0.1:80", "[::1]:4173", "example.com."]) expect(isValidHost(host), host).toBe(true);
  });

  it("refuses what no browser sends", () => {
    for (const host of [undefined, "", "exa mple.com", "evil.com/path", "a@b", "host:99999", "host:", "-bad.example", "<script>", "x".repeat(300), "[zz::1]"]) expect(isValidHost(host), String(host)).toBe(false);
  });
});

describe("the server's time-outs", () => {
  it("sets header, request and keep-alive time-outs", async () => {
    const site = await startSiteOnFixtures({ distDir: tinyBuild(), env: { ...process.env, LEADS_DB: tempLeadsDb() } });
    try {
      expect([site.server.headersTimeout, site.server.requestTimeout, site.server.keepAliveTimeout]).toEqual([10_000, 30_000, 5_000]);
    } finally {
      await site.close();
    }
  });
});
