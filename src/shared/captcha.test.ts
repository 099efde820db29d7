// @vitest-environment node
/** The reCAPTCHA check with a secret: a stand-in siteverify on loopback, reached through the verifier's own fetch. */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captchaVerifier, siteHostname, siteverifyUrl } from "./captcha.ts";

/** What the stand-in answers next: siteverify's JSON, or nothing at all (a hang). */
let answer: ((res: ServerResponse) => void) | null = null;
const siteverify = createServer((_req, res) => answer?.(res));
let address = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => siteverify.listen(0, "127.0.0.1", resolve));
  address = `http://127.0.0.1:${String((siteverify.address() as AddressInfo).port)}/`;
});
afterAll(async () => {
  siteverify.closeAllConnections();
  await new Promise((resolve) => siteverify.close(resolve));
});

/** The verifier's calls to Google, sent to the stand-in instead. */
const toStandIn: typeof fetch = (input, init) => {
  expect(input).toBe(siteverifyUrl);
  return fetch(address, init);
};
const verify = (options: { hostname?: string; timeoutMs?: number }) => captchaVerifier("secret", { ...options, fetch: toStandIn });
const says = (body: object) => (answer = (res) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body)));

describe("the captcha check with RECAPTCHA_SECRET", () => {
  it("passes a token solved on the site's own host, and refuses one solved on another site", async () => {
    says({ success: true, hostname: "www.corvane.example" });
    expect(await verify({ hostname: siteHostname("https://www.corvane.example") })("token")).toBe(true);
    says({ success: true, hostname: "evil.example" });
    expect(await verify({ hostname: "www.corvane.example" })("token")).toBe(false);
    says({ success: false, hostname: "www.corvane.example" });
    expect(await verify({ hostname: "www.corvane.example" })("token")).toBe(false);
  });

  it("counts a verification that does not answer within its time-out as not verified", async () => {
    answer = null;
    const started = Date.now();
    expect(await verify({ hostname: "www.corvane.example", timeoutMs: 300 })("token")).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
