// @vitest-environment node
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./securityHeaders.ts";

const directives = (csp: string) => new Map(csp.split(";").map((d) => { const [name = "", ...values] = d.trim().split(/\s+/); return [name, values]; }));

describe("security headers", () => {
  it("allow scripts from the site only, with no inline or eval, and forbid framing, plugins and foreign forms", () => {
    const headers = securityHeaders({ recaptcha: false, https: false });
    const csp = directives(headers["Content-Security-Policy"] ?? "");
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    // Inline style attributes are allowed; it is scripts that are strict.
    expect(csp.get("style-src")).toContain("'unsafe-inline'");
    expect(headers["Content-Security-Policy"]).not.toMatch(/google|gstatic|unsafe-eval/);
    expect(headers).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
    expect(headers["Permissions-Policy"]).toMatch(/camera=\(\)/);
    expect(headers["Permissions-Policy"]).toMatch(/microphone=\(\)/);
    expect(headers["Permissions-Policy"]).toMatch(/geolocation=\(\)/);
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });

  it("adds reCAPTCHA's script and frame origins only when a site key is set", () => {
    const csp = directives(securityHeaders({ recaptcha: true, https: false })["Content-Security-Policy"] ?? "");
    expect(csp.get("script-src")).toEqual(["'self'", "https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"]);
    expect(csp.get("frame-src")).toContain("https://www.google.com/recaptcha/");
  });

  it("lets the site call a content service on another origin, and only that one", () => {
    const csp = (contentApiBase: string) => directives(securityHeaders({ recaptcha: false, https: false, contentApiBase })["Content-Security-Policy"] ?? "").get("connect-src");
    expect(csp("https://content.example.com/base")).toEqual(["'self'", "https://content.example.com"]);
    expect(csp("")).toEqual(["'self'"]);
    expect(csp("/relative")).toEqual(["'self'"]);
  });

  it("sends HSTS only over HTTPS", () => {
    expect(securityHeaders({ recaptcha: false, https: true })["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  });
});
