// @vitest-environment node
/**
 * The production server under faults, each shown with its recovery: oversized bodies, a
 * locked leads database, duplicate submissions, a flood, a bad Host header, and kill -9
 * right after a lead was acknowledged.
 */
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildServer } from "../tools/childServer.ts";
import { type SiteServer } from "../src/server/siteServer.ts";
import { startSiteOnFixtures } from "./siteOnFixtures.ts";
import { jsonHeaders, paperLead, send, sendRaw, tempLeadsDb, tinyBuild } from "./serverFaults.ts";

const leadsIn = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare("SELECT email FROM leads ORDER BY id").all() as { email: string }[];
  } finally {
    db.close();
  }
};

let site: SiteServer;
let leadsDb: string;

beforeAll(async () => {
  leadsDb = tempLeadsDb();
  site = await startSiteOnFixtures({ distDir: tinyBuild(), env: { ...process.env, LEADS_DB: leadsDb, LEADS_PER_MINUTE: "5" } });
});
afterAll(() => site.close());

const saveLead = (email: string, localAddress?: string) =>
  send(site.url, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: jsonHeaders, body: paperLead(email), ...(localAddress ? { localAddress } : {}) });

describe("oversized bodies", () => {
  it("answers 413 to a declared 100 MB body before reading it, on a lead call and on a page, then serves the next visitor", async () => {
    for (const path of ["/api/contactus/create", "/Home"]) {
      const answer = await send(site.url, { method: "POST", path, headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": 100 * 1024 * 1024 }, headersOnly: true });
      expect(answer.status, path).toBe(413);
    }
    const page = await send(site.url, { method: "POST", path: "/api/page/get", headers: { ...jsonHeaders, "Transfer-Encoding": "chunked" }, body: JSON.stringify("x".repeat(20_000)) });
    expect(page.status).toBe(413);
    expect((await send(site.url, { path: "/Home" })).status).toBe(200);
  });
});

describe("a locked leads database", () => {
  it("answers 503 with Retry-After while locked, keeps serving pages fast, and stores the lead sent again after", async () => {
    const other = new Database(leadsDb);
    other.exec("BEGIN EXCLUSIVE");
    try {
      const [busy, page] = await Promise.all([saveLead("locked@engines.example", "127.0.0.11"), (async () => {
        const started = performance.now();
        const answer = await send(site.url, { path: "/Home" });
        return { status: answer.status, ms: performance.now() - started };
      })()]);
      expect(busy.status).toBe(503);
      expect(busy.headers["retry-after"]).toBe("5");
      expect(page.status).toBe(200);
      expect(page.ms).toBeLessThan(100);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect((await saveLead("locked@engines.example", "127.0.0.11")).status).toBe(200);
    expect(leadsIn(leadsDb).filter((lead) => lead.email === "locked@engines.example")).toHaveLength(1);
  });
});

describe("duplicates and floods", () => {
  it("stores one lead for the same submission sent twice", async () => {
    const [first, second] = [await saveLead("twice@engines.example", "127.0.0.12"), await saveLead("twice@engines.example", "127.0.0.12")];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(JSON.parse(second.body)).toEqual(JSON.parse(first.body));
    expect(leadsIn(leadsDb).filter((lead) => lead.email === "twice@engines.example")).toHaveLength(1);
  });

  it("answers 429 with Retry-After to a client past its budget, while another client still gets through", async () => {
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await saveLead(`flood${i}@engines.example`, "127.0.0.13")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = await saveLead("flood9@engines.example", "127.0.0.13");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await saveLead("other@engines.example", "127.0.0.14")).status).toBe(200);
  });
});

describe("hostile requests", () => {
  it("answers a malformed Host with 400 and no stack trace", async () => {
    for (const host of ["exa mple.com", "evil.example/<script>", "a@b:99999"]) {
      const answer = await sendRaw(site.url, `GET /Home HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer, host).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).not.toMatch(/\bat \S+:\d+:\d+|Error:/);
    }
    expect((await send(site.url, { path: "/Home" })).status).toBe(200);
  });

  it("refuses lead calls with other body types and never answers with wildcard CORS", async () => {
    const answer = await send(site.url, { method: "POST", path: "/api/contactus/create", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url }, body: "name=x", localAddress: "127.0.0.15" });
    expect(answer.status).toBe(415);
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    // From another site it is refused before its type is looked at (issue 34), and still with no CORS.
    const crossSite = await send(site.url, { method: "POST", path: "/api/contactus/create", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" }, body: "name=x", localAddress: "127.0.0.15" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("headers of served answers", () => {
  it("sends the security headers and a revalidated Cache-Control with a page", async () => {
    const page = await send(site.url, { path: "/Home" });
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self';/);
    expect(page.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(page.headers).toMatchObject({ "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin", "x-frame-options": "DENY", "cache-control": "public, max-age=0" });
    expect(page.headers["permissions-policy"]).toMatch(/camera=\(\)/);
    expect(page.headers["strict-transport-security"]).toBeUndefined();
  });

  it("serves hashed assets immutable, brotli-compressed from the build's copy", async () => {
    const asset = await send(site.url, { path: "/assets/index-abc123.js", headers: { "Accept-Encoding": "gzip, br" } });
    expect(asset.headers).toMatchObject({ "cache-control": "public, max-age=31536000, immutable", "content-encoding": "br", vary: "Accept-Encoding" });
  });

  it("compresses service answers and never lets them be cached", async () => {
    const menus = await send(site.url, { method: "POST", path: "/api/menu/GetMenuList", headers: { ...jsonHeaders, "Accept-Encoding": "gzip" }, body: "{}" });
    expect(menus.headers).toMatchObject({ "content-encoding": "gzip", "cache-control": "private, no-store" });
  });
});

describe("kill -9 right after an acknowledgement", () => {
  it("loses no acknowledged lead across repeated kills", { timeout: 60_000 }, async () => {
    const path = tempLeadsDb();
    const distDir = tinyBuild();
    const acknowledged: string[] = [];
    for (let round = 0; round < 3; round++) {
      const child = await startChildServer({ LEADS_DB: path, DIST_DIR: distDir, LEADS_PER_MINUTE: "1000" });
      // Several leads in flight; the process dies the moment the first is acknowledged.
      const sends = Array.from({ length: 4 }, (_, i) => `round${round}-${i}@engines.example`).map((email) =>
        send(child.url, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: jsonHeaders, body: paperLead(email) }).then(
          (answer) => {
            if (answer.status !== 200) return;
            acknowledged.push(email);
            child.child.kill("SIGKILL");
          },
          () => undefined,
        ),
      );
      await Promise.all(sends);
      await child.stop();
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(3);
    const stored = new Set(leadsIn(path).map((lead) => lead.email));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  });
});

describe("npm run serve in production mode", () => {
  it("refuses to start on the embedded fixture content unless ALLOW_FIXTURE_CONTENT=1, and on a short secret, with a one-line message and exit 1", { timeout: 30_000 }, async () => {
    const env = { LEADS_DB: tempLeadsDb(), DIST_DIR: tinyBuild(), NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1", CONTENT_API_BASE: "" };
    await expect(startChildServer({ ...env, ALLOW_FIXTURE_CONTENT: "" })).rejects.toThrow(/exited \(1\) before it listened:\nRefusing to start: NODE_ENV=production but CONTENT_API_BASE is not set[^\n]*ALLOW_FIXTURE_CONTENT=1[^\n]*\n$/);
    await expect(startChildServer({ ...env, ALLOW_FIXTURE_CONTENT: "1", METRICS_TOKEN: "abc" })).rejects.toThrow(/exited \(1\) before it listened:\nRefusing to start: METRICS_TOKEN is set but it is 3 characters long[^\n]*\n$/);
    const fixtures = await startChildServer({ ...env, ALLOW_FIXTURE_CONTENT: "1" });
    expect((await send(fixtures.url, { path: "/Home" })).status).toBe(200);
    await fixtures.stop();
  });

  it("refuses to start with the local test captcha, and starts when told the deployment is a test", { timeout: 30_000 }, async () => {
    const env = { LEADS_DB: tempLeadsDb(), DIST_DIR: tinyBuild(), NODE_ENV: "production", VITE_RECAPTCHA_SITE_KEY: "", RECAPTCHA_SECRET: "" };
    await expect(startChildServer(env)).rejects.toThrow(/Refusing to start: NODE_ENV=production/);
    const test = await startChildServer({ ...env, ALLOW_TEST_CAPTCHA: "1" });
    expect((await send(test.url, { path: "/Home" })).status).toBe(200);
    await test.stop();
  });
});
