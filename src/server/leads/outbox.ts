/**
 * The lead outbox (issue 22): when the site forwards to another content service, no lead is
 * lost because that service is down, slow or failing. A lead that passed SPEC 5's rules and
 * the captcha is written to the outbox file (fsync'd) before anything else; then it is sent at
 * once. 200: delivered, the visitor gets the service's answer. 400 with field errors: the
 * visitor gets them, and the lead is dropped (it was refused, not lost). Anything else: the
 * visitor gets the normal success and the lead stays, retried in the background with
 * exponential backoff and jitter, across restarts, until the service takes it.
 *
 * Framework-agnostic, with a Fetch-API surface: `handle(request)` answers a lead call;
 * `submit({ kind, fields })` is the same for a lead parsed elsewhere (a form's route action).
 * See docs/leads.md.
 */
import { randomUUID } from "node:crypto";
import { retryInAMomentSeconds } from "../../content/settings.ts";
import type { CaptchaVerifier } from "../../shared/captcha.ts";
import { badRequest, json, jsonRetryLater } from "../../shared/jsonAnswer.ts";
import { attemptDelivery, retryDelayMs, type Attempt } from "./delivery.ts";
import type { SharedStore } from "../shared.ts";
import { sharedClaims, type ClaimOutcome } from "./claims.ts";
import { checkLead, duplicateWindowMs, leadFingerprint, leadKindOf, readLeadRequest, storedLead, type LeadSubmission } from "../../shared/leadIntake.ts";
import { openOutboxStore, type OutboxRow, type WaitingLead } from "./outboxStore.ts";
import { currentTraceId } from "../tracing.ts";

export interface LeadOutboxOptions {
  /** The outbox's SQLite file (created owner-only). */
  file: string;
  /** The content service's origin, e.g. https://content.example.com (no trailing slash). */
  base: string;
  captcha: CaptchaVerifier;
  fetch?: typeof fetch;
  /** One delivery attempt's time-out (default 10 s). */
  timeoutMs?: number;
  /** The first retry's delay; each further one doubles it (default 5 s)… */
  retryBaseMs?: number;
  /** …up to this (default 10 min). */
  retryMaxMs?: number;
  /** A lead waiting longer than this raises a warning, in the log and in `status()` (default 15 min). */
  warnAfterMs?: number;
  /** Delivered leads are deleted this long after delivery (default 24 h). */
  keepDeliveredMs?: number;
  /** Leads sent at once by the background loop (default 4). */
  concurrency?: number;
  now?: () => number;
  random?: () => number;
  log?: Pick<Console, "warn" | "info">;
  /** With REDIS_URL: the duplicate check holds across instances (./claims.ts). */
  shared?: SharedStore | undefined;
}

/** What became of a lead handed to the outbox. */
export type LeadOutcome =
  /** SPEC 5 or the captcha said no, or the service refused it on its first attempt (400): nothing is kept. */
  | { status: "invalid"; errors: Record<string, string> }
  /** The service has it; `answer` is its JSON answer. */
  | { status: "delivered"; id: string; answer: unknown }
  /** Kept, to be delivered in the background. */
  | { status: "queued"; id: string }
  /** The same lead was sent within the duplicate window: nothing new is kept; the first's id and, once known, what became of it. */
  | { status: "repeat"; id: string; outcome: ClaimOutcome | undefined }
  /** The outbox could not write it (disk full, file locked): nothing was kept, the visitor should try again. */
  | { status: "unavailable" };

export interface OutboxStatus {
  /** "warning" when a lead has waited longer than the warning age, or the service refused one after it was kept. */
  status: "ok" | "warning";
  pending: number;
  rejected: number;
  deliveredKept: number;
  oldestPendingSeconds: number | null;
  warning: string | null;
}

export interface LeadOutbox {
  /** `traceId`: the trace of the request that brought it (kept in its row, so an operator finds the request). */
  submit(submission: LeadSubmission, traceId?: string): Promise<LeadOutcome>;
  /** A lead call (`/api/contactus/create`, `/api/contactus/presentation-page`, `/api/thoughtPaper/SaveUserInfo`) → the visitor's answer. */
  handle(request: Request, traceId?: string): Promise<Response>;
  /** Starts the background delivery loop (leads kept by an earlier run included). */
  start(): void;
  /** Stops the loop, waits for attempts in flight, closes the file. */
  stop(): Promise<void>;
  /** Leads not yet delivered, for operators: no personal data. */
  pending(): WaitingLead[];
  status(): OutboxStatus;
  /** One pass of the background loop now: how many leads it attempted. */
  deliverDue(): Promise<number>;
}

/** A lease outlives its attempt by this much, so no other process takes a lead still being sent. */
const leaseMarginMs = 5_000;

export function createLeadOutbox(options: LeadOutboxOptions): LeadOutbox {
  const now = options.now ?? Date.now;
  const log = options.log ?? console;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const retryMaxMs = options.retryMaxMs ?? 600_000;
  const warnAfterMs = options.warnAfterMs ?? 900_000;
  const keepDeliveredMs = options.keepDeliveredMs ?? 86_400_000;
  const concurrency = options.concurrency ?? 4;
  const delivery = { base: options.base, fetch: options.fetch ?? fetch, timeoutMs };
  /** This process, as the holder of a lease. */
  const owner = randomUUID();
  const store = openOutboxStore(options.file);
  const acrossInstances = options.shared ? sharedClaims(options.shared, duplicateWindowMs) : null;
  /** What became of the first lead, for its repeats: in the file, and in Redis for the other instances. */
  async function settle(fingerprint: string, id: string, outcome: ClaimOutcome) {
    store.settleClaim(id, outcome);
    await acrossInstances?.settle(fingerprint, id, outcome);
  }
  const leaseUntil = () => now() + timeoutMs + leaseMarginMs;

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let pass: Promise<number> | null = null;
  const inFlight = new Set<Promise<unknown>>();
  let lastWarningMs = -Infinity;
  /** Whether the last attempt failed: the next success means the service is back. Leads left waiting by an earlier run say it was. */
  let serviceFailing = store.counts().pending > 0;
  let lastAttemptMs = -Infinity;

  /**
   * The service took a lead. If it had been failing, it is back: the leads a long backoff
   * would still hold are brought forward (spread at random over a second, or the base delay
   * when shorter; the loop sends `concurrency` at a time), so a 20-second outage does not leave
   * leads waiting minutes once it ends.
   */
  function recordDelivery(id: string) {
    store.delivered(id, now());
    if (!serviceFailing) return;
    serviceFailing = false;
    store.bringForward(now(), Math.min(retryBaseMs, 1_000));
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  /** Records a failed attempt (log line without personal data) and when to try again. */
  function recordFailure(id: string, attemptsBefore: number, reason: string) {
    serviceFailing = true;
    const attempts = attemptsBefore + 1;
    const delay = retryDelayMs(attempts, retryBaseMs, retryMaxMs, options.random);
    store.failed(id, reason, now() + delay);
    log.warn(`lead outbox: lead ${id} attempt ${attempts} failed (${reason}); next attempt in ${Math.round(delay / 100) / 10} s`);
  }

  async function retry(row: OutboxRow): Promise<void> {
    const lead = storedLead(row.kind, row.fields);
    if (!lead) {
      store.rejected(row.id, now(), "unreadable fields");
      return;
    }
    lastAttemptMs = now();
    const attempt = await attemptDelivery(row.id, lead, delivery);
    if (attempt.outcome === "delivered") recordDelivery(row.id);
    else if (attempt.outcome === "refused") {
      store.rejected(row.id, now(), `refused: ${Object.keys(attempt.errors).join(", ")}`);
      log.warn(`lead outbox: lead ${row.id} was refused by the content service (400 on ${Object.keys(attempt.errors).join(", ")}); kept for an operator`);
    } else recordFailure(row.id, row.attempts, attempt.reason);
  }

  async function deliverDue(): Promise<number> {
    const time = now();
    const purged = store.purgeDelivered(time - keepDeliveredMs);
    if (purged > 0) log.info(`lead outbox: deleted ${purged} delivered lead(s) past the retention period`);
    warnIfOld(time);
    let rows = store.claimDue(owner, time, leaseUntil(), concurrency);
    // While the service fails, one lead is tried every base delay whatever its own backoff says: the first to get through brings the others forward.
    if (rows.length === 0 && serviceFailing && time - lastAttemptMs >= retryBaseMs) rows = store.claimDue(owner, time, leaseUntil(), 1, Number.MAX_SAFE_INTEGER);
    await Promise.all(rows.map((row) => track(retry(row).catch((error: unknown) => log.warn(`lead outbox: lead ${row.id} could not be attempted: ${error instanceof Error ? error.message : String(error)}`)))));
    return rows.length;
  }

  function warnIfOld(time: number) {
    const { oldestPendingMs } = store.counts();
    if (oldestPendingMs === null || time - oldestPendingMs < warnAfterMs || time - lastWarningMs < warnAfterMs) return;
    lastWarningMs = time;
    log.warn(`lead outbox: WARNING a lead has waited ${Math.round((time - oldestPendingMs) / 1000)} s for the content service (over ${Math.round(warnAfterMs / 1000)} s); see npm run leads -- --pending`);
  }

  function schedule(delayMs: number) {
    if (!running) return;
    timer = setTimeout(() => {
      pass = deliverDue();
      pass.then(
        // A full batch: more may be due at once.
        (count) => schedule(count >= concurrency ? 0 : Math.min(retryBaseMs, 1_000)),
        (error: unknown) => {
          log.warn(`lead outbox: delivery pass failed: ${error instanceof Error ? error.message : String(error)}`);
          schedule(retryBaseMs);
        },
      );
    }, delayMs);
  }

  async function submit(submission: LeadSubmission, traceId = currentTraceId()): Promise<LeadOutcome> {
    const verdict = await checkLead(submission, options.captcha);
    if (!verdict.ok) return { status: "invalid", errors: verdict.errors };
    const { lead } = verdict;
    const id = randomUUID();
    const fingerprint = leadFingerprint(lead);
    let earlier: ReturnType<typeof store.add>;
    try {
      earlier = store.add({ id, kind: lead.kind, fields: JSON.stringify(lead.fields), createdMs: now(), traceId: traceId ?? null }, owner, leaseUntil(), fingerprint, duplicateWindowMs);
    } catch (error) {
      log.warn(`lead outbox: a lead could not be written: ${error instanceof Error ? error.message : String(error)}`);
      return { status: "unavailable" };
    }
    if (earlier) return { status: "repeat", ...earlier };
    // On disk now; another instance may have the same lead: then this copy goes and the first's answer stands.
    const elsewhere = await acrossInstances?.claim(fingerprint, id);
    if (elsewhere) {
      store.forget(id);
      return { status: "repeat", ...elsewhere };
    }
    lastAttemptMs = now();
    const attempt: Attempt = await track(attemptDelivery(id, lead, delivery));
    if (attempt.outcome === "delivered") {
      recordDelivery(id);
      // A `null` answer declines the lead (a thought paper's download stops): a repeat is declined too.
      await settle(fingerprint, id, attempt.answer === null ? "declined" : "received");
      return { status: "delivered", id, answer: attempt.answer };
    }
    if (attempt.outcome === "refused") {
      store.forget(id);
      await acrossInstances?.release(fingerprint);
      return { status: "invalid", errors: attempt.errors };
    }
    recordFailure(id, 0, attempt.reason);
    return { status: "queued", id };
  }

  return {
    submit,
    async handle(request, traceId) {
      const kind = leadKindOf(new URL(request.url).pathname);
      if (!kind) return json({ error: "not a lead call" }, 404);
      if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
      const read = await readLeadRequest(request, kind);
      if (!read.ok) return read.response;
      const outcome = await submit(read.submission, traceId ?? currentTraceId());
      switch (outcome.status) {
        case "invalid":
          return badRequest(outcome.errors);
        case "delivered":
          return json(outcome.answer === undefined ? { id: outcome.id, status: "received" } : outcome.answer);
        case "queued":
          return json({ id: outcome.id, status: "queued" });
        // The visitor sent the same lead again (a double click, a retry after a lost answer): answered
        // as the first was, in the contract's terms (`null` declines it), without the service's own words.
        case "repeat":
          return json(outcome.outcome === "declined" ? null : { id: outcome.id, status: outcome.outcome ?? "queued" });
        case "unavailable":
          return jsonRetryLater(503, "the request could not be stored just now; please try again in a moment", retryInAMomentSeconds);
      }
    },
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await pass;
      await Promise.all(inFlight);
      store.close();
    },
    pending: () => store.waiting(),
    status() {
      const counts = store.counts();
      const waitedMs = counts.oldestPendingMs === null ? null : now() - counts.oldestPendingMs;
      const old = waitedMs !== null && waitedMs >= warnAfterMs;
      const warning = old
        ? `a lead has waited ${Math.round(waitedMs / 1000)} s for the content service`
        : counts.rejected > 0
          ? `${counts.rejected} lead(s) refused by the content service after they were kept`
          : null;
      return {
        status: warning ? "warning" : "ok",
        pending: counts.pending,
        rejected: counts.rejected,
        deliveredKept: counts.delivered,
        oldestPendingSeconds: waitedMs === null ? null : Math.round(waitedMs / 1000),
        warning,
      };
    },
    deliverDue,
  };
}
