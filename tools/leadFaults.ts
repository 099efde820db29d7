/**
 * The lead outbox's fault scenario (issue 22), shared by its test (tests/lead-outbox-faults.test.ts,
 * short) and `npm run bench:leads` (full length): the production server in a child process,
 * forwarding to a fake content service on loopback that is down while the leads arrive and
 * for `downMs` in all, then fails one call in `failEvery`; optionally the server is killed
 * with SIGKILL `kills` times while the leads arrive, and restarted on the same outbox file.
 * A visitor whose request died with the server sends the lead again, as a visitor would.
 */
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startChildServer, type ChildServer } from "./childServer.ts";
import { startFakeContentService } from "./fakeContentService.ts";

export interface LeadScenario {
  leads: number;
  /** How long the service is down, from the first lead on. */
  downMs: number;
  /** Once back, every n-th call fails (503). */
  failEvery: number;
  /** SIGKILLs of the site server while the leads arrive (each followed by a restart). */
  kills: number;
  /** The outbox's OUTBOX_RETRY_BASE_SECONDS and OUTBOX_RETRY_MAX_SECONDS. */
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  /** CONTENT_TIMEOUT_SECONDS of the server. */
  timeoutSeconds: number;
  /** Leads in flight at once. */
  concurrency: number;
  /** Give up waiting for the outbox to drain after this long. */
  drainLimitMs: number;
  distDir: string;
  /** Waits for time to pass (the bench and the test each bring their own clock). */
  wait: (ms: number) => Promise<void>;
}

export interface LeadFigures {
  sent: number;
  /** Leads whose visitor got a 200 (counting each lead once, however often it was sent). */
  acknowledged: number;
  /** Leads sent again because the server died under them. */
  resent: number;
  /** Answers other than 200 (never expected: a dead server gives no answer). */
  failures: number;
  /** Distinct leads the service holds. */
  delivered: number;
  /** Acknowledged leads the service does not hold once the outbox drained (or gave up). */
  missing: number;
  /** Leads the service holds more than once. */
  duplicates: number;
  /** Of those, the ones sent twice with the same Idempotency-Key (the outbox's own retries); the rest were sent again by their visitor. */
  sameKeyDuplicates: number;
  /** From the service's recovery to the last acknowledged lead in its hands. */
  drainMs: number | null;
}

const contactBody = (email: string) => {
  const boundary = "leadfaults";
  const fields = { name: "Ada Lovelace", Organisation: "Analytical Engines", email, contactNumber: "4045550142", message: "Please call me back", token: "local-test-token" };
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: `${parts.join("")}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
};

/** One lead: its status, or null when the connection died without an answer. */
function postLead(url: string, email: string): Promise<number | null> {
  const { body, contentType } = contactBody(email);
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const req = request({ hostname, port, method: "POST", path: "/api/contactus/create", headers: { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body) }, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? null));
      res.on("error", () => resolve(null));
    });
    req.on("error", () => resolve(null));
    req.end(body);
  });
}

export async function runLeadScenario(scenario: LeadScenario): Promise<LeadFigures> {
  const service = await startFakeContentService();
  await service.stop();
  const env = {
    CONTENT_API_BASE: service.url,
    OUTBOX_DB: join(mkdtempSync(join(tmpdir(), "corvane-outbox-")), "outbox.sqlite"),
    DIST_DIR: scenario.distDir,
    LEADS_PER_MINUTE: "100000",
    ALLOW_TEST_CAPTCHA: "1",
    RECAPTCHA_SECRET: "",
    OUTBOX_RETRY_BASE_SECONDS: String(scenario.retryBaseSeconds),
    OUTBOX_RETRY_MAX_SECONDS: String(scenario.retryMaxSeconds),
    CONTENT_TIMEOUT_SECONDS: String(scenario.timeoutSeconds),
  };
  let server: ChildServer = await startChildServer(env);
  /** The server visitors reach now; replaced while it restarts. */
  let ready: Promise<ChildServer> = Promise.resolve(server);
  const emails = Array.from({ length: scenario.leads }, (_, i) => `visitor${i}@engines.example`);
  const acknowledged = new Set<string>();
  let resent = 0;
  let failures = 0;
  let next = 0;
  const killAt = new Set(Array.from({ length: scenario.kills }, (_, k) => Math.floor(((k + 1) * scenario.leads) / (scenario.kills + 1))));

  const started = performance.now();
  const worker = async () => {
    while (next < emails.length) {
      const index = next++;
      const email = emails[index] ?? "";
      if (killAt.has(index)) {
        const dying = server;
        ready = (async () => {
          dying.child.kill("SIGKILL");
          await dying.stop();
          server = await startChildServer(env);
          return server;
        })();
      }
      for (let tries = 0; ; tries++) {
        const status = await postLead((await ready).url, email);
        if (status === 200) acknowledged.add(email);
        else if (status !== null) failures += 1;
        if (status !== null) break;
        resent += 1;
        if (tries > 20) break;
      }
    }
  };
  await Promise.all(Array.from({ length: scenario.concurrency }, worker));

  const downLeft = scenario.downMs - (performance.now() - started);
  if (downLeft > 0) await scenario.wait(downLeft);
  service.failEvery(scenario.failEvery);
  await service.start();
  const recovered = performance.now();
  const holds = () => new Set(service.received.map((lead) => lead.email));
  let drainMs: number | null = null;
  while (performance.now() - recovered < scenario.drainLimitMs) {
    const held = holds();
    if ([...acknowledged].every((email) => held.has(email))) {
      drainMs = Math.round(performance.now() - recovered);
      break;
    }
    await scenario.wait(50);
  }
  await (await ready).stop();
  await service.close();

  const held = holds();
  const counts = new Map<string, number>();
  for (const lead of service.received) counts.set(lead.email, (counts.get(lead.email) ?? 0) + 1);
  const keys = new Map<string, number>();
  for (const lead of service.received) keys.set(lead.key, (keys.get(lead.key) ?? 0) + 1);
  return {
    sent: emails.length,
    acknowledged: acknowledged.size,
    resent,
    failures,
    delivered: held.size,
    missing: [...acknowledged].filter((email) => !held.has(email)).length,
    duplicates: [...counts.values()].filter((count) => count > 1).length,
    sameKeyDuplicates: [...keys.values()].filter((count) => count > 1).length,
    drainMs,
  };
}
