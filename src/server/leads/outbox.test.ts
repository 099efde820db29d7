// @vitest-environment node
/**
 * The lead outbox against a real content service on loopback (the fake one of the fault test,
 * which can be stopped, made to fail and to refuse), with its own SQLite file. Time is the
 * outbox's injected clock; the background loop is driven pass by pass with `deliverDue`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeContentService, type FakeContentService } from "../../../tools/fakeContentService.ts";
import { captchaVerifier, localTestToken } from "../../shared/captcha.ts";
import { retryDelayMs } from "./delivery.ts";
import { duplicateWindowMs, leadCalls, type LeadKind } from "../../shared/leadIntake.ts";
import { createLeadOutbox, type LeadOutbox, type LeadOutboxOptions } from "./outbox.ts";
import { openOutboxStore } from "./outboxStore.ts";

const tempOutbox = () => join(mkdtempSync(join(tmpdir(), "corvane-outbox-")), "outbox.sqlite");

const contact = (email: string) => ({ name: "Ada Lovelace", Organisation: "Analytical Engines", email, contactNumber: "4045550142", message: "Tell us more", token: localTestToken });
const paper = (email: string) => ({ name: "Ada Lovelace", Organisation: "Analytical Engines", email, contactNumber: "4045550142", token: localTestToken, thoughtPaperName: "Future of Work" });

function leadRequest(kind: LeadKind, fields: Record<string, string>): Request {
  const url = `http://site.test${leadCalls[kind].path}`;
  if (kind === "thought-paper") return new Request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(fields) });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request(url, { method: "POST", body: form });
}

let service: FakeContentService;
let file: string;
let clock: number;
let logged: string[];
const open: LeadOutbox[] = [];

function outbox(options: Partial<LeadOutboxOptions> = {}): LeadOutbox {
  const created = createLeadOutbox({
    file,
    base: service.url,
    captcha: captchaVerifier(undefined),
    timeoutMs: 2_000,
    retryBaseMs: 1_000,
    retryMaxMs: 8_000,
    now: () => clock,
    random: () => 1,
    log: { warn: (line: string) => logged.push(line), info: (line: string) => logged.push(line) },
    ...options,
  });
  open.push(created);
  return created;
}

beforeEach(async () => {
  service = await startFakeContentService();
  file = tempOutbox();
  clock = Date.parse("2026-11-25T12:00:00Z");
  logged = [];
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((box) => box.stop()));
  await service.close();
});

describe("a lead the content service takes at once", () => {
  it("answers the service's own answer, sends a stable Idempotency-Key, and keeps nothing pending", async () => {
    const box = outbox();
    const answer = await box.handle(leadRequest("contact", contact("ada@engines.example")));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: 1, status: "received" });
    expect(service.received.map((lead) => [lead.path, lead.email])).toEqual([["/api/contactus/create", "ada@engines.example"]]);
    expect(service.received[0]?.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(box.pending()).toEqual([]);
    expect(box.status()).toMatchObject({ status: "ok", pending: 0, deliveredKept: 1 });
  });

  it("sends a thought-paper lead as JSON to SaveUserInfo", async () => {
    const answer = await outbox().handle(leadRequest("thought-paper", paper("ada@engines.example")));
    expect(answer.status).toBe(200);
    expect(service.received.map((lead) => [lead.path, lead.email])).toEqual([["/api/thoughtPaper/SaveUserInfo", "ada@engines.example"]]);
  });
});

describe("the same lead sent again within the minute (SPEC 5's duplicate window)", () => {
  it("is answered as the first was and delivered once; after the window it is a new lead", async () => {
    const box = outbox();
    const first = await box.handle(leadRequest("contact", contact("ada@engines.example")));
    expect(await first.json()).toEqual({ id: 1, status: "received" });
    const again = await box.handle(leadRequest("contact", contact("ada@engines.example")));
    // Received, in the contract's terms; the service's own answer is not kept where claims are.
    expect(again.status).toBe(200);
    expect(((await again.json()) as { status: string }).status).toBe("received");
    // Another lead from the same visitor is a lead of its own.
    await box.handle(leadRequest("contact", { ...contact("ada@engines.example"), message: "And another question" }));
    expect(service.received).toHaveLength(2);
    clock += duplicateWindowMs;
    await box.handle(leadRequest("contact", contact("ada@engines.example")));
    expect(service.received).toHaveLength(3);
  });

  it("declines a repeat of a lead the service declined (a null answer stops a thought paper's download)", async () => {
    service.decline(true);
    const box = outbox();
    expect(await (await box.handle(leadRequest("thought-paper", paper("ada@engines.example")))).json()).toBeNull();
    expect(await (await box.handle(leadRequest("thought-paper", paper("ada@engines.example")))).json()).toBeNull();
    expect(service.received).toHaveLength(1);
  });

  it("holds while the first is still queued: the repeat is acknowledged, nothing more is kept or sent", async () => {
    await service.stop();
    const box = outbox();
    const first = (await (await box.handle(leadRequest("thought-paper", paper("ada@engines.example")))).json()) as { id: string; status: string };
    expect(first.status).toBe("queued");
    expect(await (await box.handle(leadRequest("thought-paper", paper("ada@engines.example")))).json()).toEqual(first);
    expect(box.status()).toMatchObject({ pending: 1 });
    await service.start();
    clock += 1_000;
    await box.deliverDue();
    expect(service.received).toHaveLength(1);
  });

  it("holds across two outboxes on one file (two processes on one disk), and lets a refused lead be sent again at once", async () => {
    const [one, two] = [outbox(), outbox()];
    await one.handle(leadRequest("contact", contact("ada@engines.example")));
    expect((await two.handle(leadRequest("contact", contact("ada@engines.example")))).status).toBe(200);
    expect(service.received).toHaveLength(1);
    service.refuse({ email: "This address is already registered" });
    expect((await one.handle(leadRequest("contact", contact("grace@engines.example")))).status).toBe(400);
    service.refuse(null);
    expect((await two.handle(leadRequest("contact", contact("grace@engines.example")))).status).toBe(200);
    expect(service.received.map((lead) => lead.email)).toEqual(["ada@engines.example", "grace@engines.example"]);
  });
});

describe("a lead that must not be kept", () => {
  it("never reaches the outbox when it fails SPEC 5 or the captcha: 400 with the rules' messages, nothing sent", async () => {
    const box = outbox();
    const bad = await box.handle(leadRequest("contact", { ...contact("ada@gmail.com"), name: "R2-D2" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errors: { name: "Entered Name is invalid", email: "Please use a professional email address associated with a legitimate organization or domain." } });
    const robot = await box.handle(leadRequest("thought-paper", { ...paper("ada@engines.example"), token: "forged" }));
    expect(await robot.json()).toEqual({ errors: { token: "Please ensure you are not a robo" } });
    expect(service.calls()).toBe(0);
    expect(box.status()).toMatchObject({ pending: 0, rejected: 0, deliveredKept: 0 });
  });

  it("hands the service's field errors (400) back to the visitor and does not queue the lead", async () => {
    service.refuse({ email: "This address is already registered" });
    const box = outbox();
    const answer = await box.handle(leadRequest("contact", contact("ada@engines.example")));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ errors: { email: "This address is already registered" } });
    expect(box.status()).toMatchObject({ pending: 0, rejected: 0, deliveredKept: 0 });
    clock += 60_000;
    expect(await box.deliverDue()).toBe(0);
  });
});

describe("a lead the content service cannot take now", () => {
  it("answers success, keeps the lead with its attempts and last error, and delivers it once the service is back", async () => {
    await service.stop();
    const box = outbox();
    const answer = await box.handle(leadRequest("presentation", contact("ada@gmail.com")));
    expect(answer.status).toBe(200);
    const { id } = (await answer.json()) as { id: string };
    expect(box.pending()).toEqual([{ id, traceId: null, kind: "presentation", state: "pending", createdAt: "2026-11-25T12:00:00.000Z", attempts: 1, lastError: "ECONNREFUSED", nextAttemptAt: "2026-11-25T12:00:01.000Z" }]);
    // Not due yet: nothing is attempted.
    expect(await box.deliverDue()).toBe(0);
    clock += 1_000;
    expect(await box.deliverDue()).toBe(1);
    expect(box.pending()[0]).toMatchObject({ attempts: 2, nextAttemptAt: "2026-11-25T12:00:03.000Z" });

    await service.start();
    service.failEvery(1);
    clock += 2_000;
    await box.deliverDue();
    expect(box.pending()[0]).toMatchObject({ attempts: 3, lastError: "HTTP 503", nextAttemptAt: "2026-11-25T12:00:07.000Z" });

    service.failEvery(null);
    clock += 4_000;
    await box.deliverDue();
    expect(box.pending()).toEqual([]);
    expect(service.received).toEqual([{ key: id, path: "/api/contactus/presentation-page", email: "ada@gmail.com" }]);
  });

  it("brings waiting leads forward once the service takes a lead again, instead of leaving them to a long backoff", async () => {
    await service.stop();
    const box = outbox({ retryMaxMs: 60_000 });
    await box.handle(leadRequest("contact", contact("early@engines.example")));
    for (let pass = 0; pass < 5; pass++) {
      clock += 60_000;
      await box.deliverDue();
    }
    expect(Date.parse(box.pending()[0]?.nextAttemptAt ?? "") - clock).toBeGreaterThan(30_000);
    await service.start();
    expect((await box.handle(leadRequest("contact", contact("later@engines.example")))).status).toBe(200);
    expect(Date.parse(box.pending()[0]?.nextAttemptAt ?? "") - clock).toBeLessThanOrEqual(1_000);
    clock += 1_000;
    await box.deliverDue();
    expect(service.received.map((lead) => lead.email)).toEqual(["later@engines.example", "early@engines.example"]);
  });

  it("tries one waiting lead every base delay while the service fails, whatever its own backoff, so recovery is noticed soon", async () => {
    await service.stop();
    const box = outbox({ retryMaxMs: 60_000 });
    await box.handle(leadRequest("contact", contact("early@engines.example")));
    await box.handle(leadRequest("contact", contact("second@engines.example")));
    for (let pass = 0; pass < 5; pass++) {
      clock += 60_000;
      await box.deliverDue();
    }
    const waitingUntil = box.pending().map((lead) => Date.parse(lead.nextAttemptAt ?? "") - clock);
    expect(Math.min(...waitingUntil)).toBeGreaterThan(30_000);
    await service.start();
    clock += 500;
    expect(await box.deliverDue()).toBe(0);
    clock += 500;
    expect(await box.deliverDue()).toBe(1);
    // That success brought the other lead forward.
    clock += 1_000;
    await box.deliverDue();
    expect(box.pending()).toEqual([]);
    expect(service.received).toHaveLength(2);
  });

  it("logs one line per failed attempt with the lead's id, never what the visitor typed", async () => {
    await service.stop();
    const box = outbox();
    await box.handle(leadRequest("contact", contact("ada@engines.example")));
    clock += 1_000;
    await box.deliverDue();
    expect(logged).toEqual([expect.stringMatching(/lead .{36} attempt 1 failed \(ECONNREFUSED\); next attempt in 1 s/), expect.stringMatching(/attempt 2 failed .*next attempt in 2 s/)]);
    expect(logged.join("\n")).not.toMatch(/ada|engines|Lovelace|4045550142/i);
  });

  it("warns, in the log and the status, when a lead has waited longer than the warning age", async () => {
    await service.stop();
    const box = outbox({ warnAfterMs: 60_000, retryBaseMs: 120_000, retryMaxMs: 120_000 });
    await box.handle(leadRequest("contact", contact("ada@engines.example")));
    clock += 59_000;
    await box.deliverDue();
    expect(box.status()).toMatchObject({ status: "ok", pending: 1, oldestPendingSeconds: 59, warning: null });
    clock += 1_000;
    await box.deliverDue();
    expect(box.status()).toMatchObject({ status: "warning", pending: 1, oldestPendingSeconds: 60, warning: "a lead has waited 60 s for the content service" });
    expect(logged.filter((line) => line.includes("WARNING"))).toHaveLength(1);
  });

  it("keeps a lead the service refuses on a later attempt, for an operator, and says so in the status", async () => {
    await service.stop();
    const box = outbox();
    await box.handle(leadRequest("contact", contact("ada@engines.example")));
    await service.start();
    service.refuse({ token: "Please confirm that you are not a robot" });
    clock += 1_000;
    await box.deliverDue();
    expect(box.pending()).toEqual([expect.objectContaining({ state: "rejected", attempts: 2, lastError: "refused: token", nextAttemptAt: null })]);
    expect(box.status()).toMatchObject({ status: "warning", pending: 0, rejected: 1 });
  });
});

describe("the outbox file", () => {
  it("is created owner-only (0600), its write-ahead log too", async () => {
    const box = outbox();
    await box.handle(leadRequest("contact", contact("ada@engines.example")));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
  });

  it("deletes delivered leads once the retention period has passed, and only those", async () => {
    const box = outbox({ keepDeliveredMs: 3_600_000 });
    await box.handle(leadRequest("contact", contact("first@engines.example")));
    clock += 1_800_000;
    await box.handle(leadRequest("contact", contact("second@engines.example")));
    await service.stop();
    await box.handle(leadRequest("contact", contact("waiting@engines.example")));
    expect(box.status()).toMatchObject({ deliveredKept: 2, pending: 1 });
    clock += 1_800_000;
    await box.deliverDue();
    expect(box.status()).toMatchObject({ deliveredKept: 1, pending: 1 });
    clock += 1_800_000;
    await box.deliverDue();
    expect(box.status()).toMatchObject({ deliveredKept: 0, pending: 1 });
  });

  it("survives a restart: a lead kept by one run is delivered by the next, without waiting out the old run's backoff", async () => {
    await service.stop();
    const first = outbox({ retryMaxMs: 60_000 });
    const answer = await first.handle(leadRequest("thought-paper", paper("ada@engines.example")));
    const { id } = (await answer.json()) as { id: string };
    for (let pass = 0; pass < 5; pass++) {
      clock += 60_000;
      await first.deliverDue();
    }
    await first.stop();
    await service.start();
    const second = outbox({ retryMaxMs: 60_000, retryBaseMs: 120_000 });
    expect(second.pending()).toEqual([expect.objectContaining({ id, attempts: 6 })]);
    // A new lead gets through: the service is back, and the kept one is brought forward.
    expect((await second.handle(leadRequest("contact", contact("later@engines.example")))).status).toBe(200);
    clock += 1_000;
    await second.deliverDue();
    expect(second.pending()).toEqual([]);
    expect(service.received.map((lead) => lead.key)).toEqual([expect.any(String), id]);
  });

  it("lets a second process take over a dead one's lead only once that one's lease has run out", async () => {
    const dead = openOutboxStore(file);
    dead.add({ id: "5b0f3c1e-0000-4000-8000-000000000001", kind: "contact", fields: JSON.stringify(contact("ada@engines.example")), createdMs: clock }, "a process killed mid-send", clock + 15_000, "its fingerprint", 60_000);
    dead.close();
    const heir = outbox();
    clock += 14_000;
    expect(await heir.deliverDue()).toBe(0);
    clock += 1_000;
    expect(await heir.deliverDue()).toBe(1);
    expect(service.received.map((lead) => [lead.key, lead.email])).toEqual([["5b0f3c1e-0000-4000-8000-000000000001", "ada@engines.example"]]);
  });
});

describe("npm run leads -- --pending", () => {
  it("lists the leads not yet delivered with their attempts and last error, and nothing the visitor typed", { timeout: 30_000 }, async () => {
    await service.stop();
    const box = outbox();
    const answer = await box.handle(leadRequest("thought-paper", paper("ada@engines.example")));
    const { id } = (await answer.json()) as { id: string };
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/server/leads/command.ts", "--pending"], { env: { ...process.env, OUTBOX_DB: file }, encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("1 waiting for delivery, 0 refused by the content service, 0 delivered");
    const row = run.stdout.split("\n").find((line) => line.includes(id)) ?? "";
    expect(row).toMatch(/thought-paper.*pending.*2026-11-25T12:00:00\.000Z.*\b1\b.*ECONNREFUSED/);
    expect(run.stdout).not.toMatch(/ada|engines|Lovelace|4045550142/i);
  });
});

describe("retry delays", () => {
  it("double per failed attempt up to the ceiling, each at a random point in its upper half", () => {
    expect([1, 2, 3, 4, 5, 6].map((attempts) => retryDelayMs(attempts, 1_000, 10_000, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect([1, 2, 3].map((attempts) => retryDelayMs(attempts, 1_000, 10_000, () => 0))).toEqual([500, 1_000, 2_000]);
  });
});
