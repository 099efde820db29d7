// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security.ts";
import { headersFile } from "./staticHostHeaders.ts";

describe("_headers for static hosts", () => {
  it("ships the server's header set in public/_headers (HTTPS, local test captcha)", async () => {
    expect(readFileSync("public/_headers", "utf8")).toBe(await headersFile({ recaptcha: false, https: true }));
  });

  it("gives pages every security header with a revalidated cache, and hashed assets a year", async () => {
    const file = await headersFile({ recaptcha: true, https: true });
    const headers = Object.entries(await securityHeaders({ recaptcha: true, https: true }));
    expect(headers.map(([name]) => name)).toEqual(expect.arrayContaining(["content-security-policy", "strict-transport-security", "permissions-policy", "x-frame-options"]));
    for (const [name, value] of headers) expect(file).toContain(`  ${name}: ${value}\n`);
    expect(file).toMatch(/^\/\*\n[\s\S]*Cache-Control: public, max-age=0\n\/assets\/\*\n {2}! Cache-Control\n {2}Cache-Control: public, max-age=31536000, immutable\n$/m);
  });
});
