/**
 * The lead outbox's SQLite file: one row per lead from the moment it passed the rules until
 * the content service has it (and a retention period after). WAL with synchronous=FULL, so a
 * lead is on disk, fsync'd, before the visitor is answered; the file is created owner-only
 * (0600) before anything is written to it, and SQLite gives its -wal and -shm files the same
 * permissions.
 *
 * The file is opened as every lead file is (src/shared/leadDatabase.ts).
 *
 * Several processes may open one file (on one machine's disk): a lead being sent is leased
 * to one process (`lease_owner`, `lease_until_ms`), and another takes it over only once the
 * lease has run out, so a dead instance's leads are delivered by whichever instance opens
 * the file next.
 */
import type Database from "better-sqlite3";
import * as z from "zod/mini";
import { OutcomeSchema, type ClaimOutcome, type EarlierLead } from "./claims.ts";
import { leadKindColumn, openLeadDatabase, openLeadDatabaseReader } from "../../shared/leadDatabase.ts";
import { leadKinds, type LeadKind } from "../../shared/leadIntake.ts";

/** Where the server keeps its outbox unless OUTBOX_DB says otherwise. */
export const defaultOutboxPath = "data/outbox.sqlite";

export type OutboxState = "pending" | "delivered" | "rejected";

/** A lead as the outbox holds it: the checked fields as JSON (personal data), and how its delivery goes. */
export interface OutboxRow {
  id: string;
  kind: LeadKind;
  fields: string;
  createdMs: number;
  attempts: number;
  nextAttemptMs: number;
  lastError: string | null;
}

/** What an operator sees of a lead not yet delivered: no personal data. */
export interface WaitingLead {
  id: string;
  /** The trace of the request that brought it (docs/operations.md#traces), when it had one. */
  traceId: string | null;
  kind: LeadKind;
  state: Exclude<OutboxState, "delivered">;
  createdAt: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
}

export interface OutboxCounts {
  pending: number;
  rejected: number;
  /** Delivered leads still kept (until the retention period ends). */
  delivered: number;
  /** When the oldest lead still waiting for delivery came in, or null. */
  oldestPendingMs: number | null;
}

const RowSchema = z.object({
  id: z.string(),
  kind: z.enum(leadKinds),
  fields: z.string(),
  createdMs: z.number(),
  attempts: z.number(),
  nextAttemptMs: z.number(),
  lastError: z.nullable(z.string()),
});
const WaitingSchema = z.object({
  ...RowSchema.shape,
  traceId: z.nullable(z.string()),
  state: z.enum(["pending", "rejected"]),
});
const CountsSchema = z.object({
  pending: z.number(),
  rejected: z.number(),
  delivered: z.number(),
  oldestPendingMs: z.nullable(z.number()),
});

const iso = (ms: number) => new Date(ms).toISOString();

const ClaimSchema = z.object({ id: z.string(), outcome: z.nullable(OutcomeSchema) });

const rowColumns = "id, kind, fields, created_ms AS createdMs, attempts, next_attempt_ms AS nextAttemptMs, last_error AS lastError";

/** What both the server and `npm run leads -- --pending` read. */
function readers(db: Database.Database) {
  const waiting = db.prepare(`SELECT ${rowColumns}, state, trace_id AS traceId FROM outbox WHERE state != 'delivered' ORDER BY created_ms`);
  const counts = db.prepare(
    `SELECT COALESCE(SUM(state = 'pending'), 0) AS pending, COALESCE(SUM(state = 'rejected'), 0) AS rejected,
            COALESCE(SUM(state = 'delivered'), 0) AS delivered, MIN(CASE WHEN state = 'pending' THEN created_ms END) AS oldestPendingMs
     FROM outbox`,
  );
  return {
    /** Leads not delivered yet, oldest first: waiting for a retry, or refused by the service (400) and kept for an operator. */
    waiting(): WaitingLead[] {
      return waiting.all().map((raw) => {
        const row = WaitingSchema.parse(raw);
        return { id: row.id, traceId: row.traceId, kind: row.kind, state: row.state, createdAt: iso(row.createdMs), attempts: row.attempts, lastError: row.lastError, nextAttemptAt: row.state === "pending" ? iso(row.nextAttemptMs) : null };
      });
    },
    counts: (): OutboxCounts => CountsSchema.parse(counts.get()),
    close: () => db.close(),
  };
}

/** An outbox file opened read-only, beside the server that writes it (WAL lets both). */
export function openOutboxReader(file: string) {
  return readers(openLeadDatabaseReader(file));
}

export function openOutboxStore(file: string) {
  // Another process holding the write lock (a second instance on the file) is waited for briefly.
  const db = openLeadDatabase(file, {
    busyTimeoutMs: 1000,
    schema: `
    CREATE TABLE IF NOT EXISTS outbox (
      id TEXT PRIMARY KEY,
      ${leadKindColumn},
      fields TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'rejected')),
      created_ms INTEGER NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_ms INTEGER NOT NULL,
      last_error TEXT,
      done_ms INTEGER,
      lease_owner TEXT,
      lease_until_ms INTEGER,
      trace_id TEXT
    );
    CREATE INDEX IF NOT EXISTS outbox_due ON outbox (state, next_attempt_ms);
    CREATE TABLE IF NOT EXISTS lead_claims (
      fingerprint TEXT PRIMARY KEY,
      lead_id TEXT NOT NULL,
      claimed_ms INTEGER NOT NULL,
      outcome TEXT
    );
  `,
  });
  // A file made before leads kept their trace gets the column (empty for the leads already in it).
  const columns = z.array(z.object({ name: z.string() })).parse(db.prepare("SELECT name FROM pragma_table_info('outbox')").all());
  if (!columns.some((column) => column.name === "trace_id")) db.exec("ALTER TABLE outbox ADD COLUMN trace_id TEXT");
  const parseRows = (rows: unknown[]) => rows.map((row) => RowSchema.parse(row));

  const insert = db.prepare(
    "INSERT INTO outbox (id, kind, fields, created_ms, next_attempt_ms, lease_owner, lease_until_ms, trace_id) VALUES (@id, @kind, @fields, @createdMs, @createdMs, @owner, @leaseUntilMs, @traceId)",
  );
  const claim = db.prepare(
    `UPDATE outbox SET lease_owner = @owner, lease_until_ms = @leaseUntilMs
     WHERE id IN (SELECT id FROM outbox WHERE state = 'pending' AND next_attempt_ms <= @dueBy AND (lease_until_ms IS NULL OR lease_until_ms <= @now)
                  ORDER BY next_attempt_ms LIMIT @limit)
     RETURNING ${rowColumns}`,
  );
  const finish = db.prepare("UPDATE outbox SET state = @state, attempts = attempts + 1, last_error = @error, done_ms = @now, lease_owner = NULL, lease_until_ms = NULL WHERE id = @id");
  const retry = db.prepare("UPDATE outbox SET attempts = attempts + 1, last_error = @error, next_attempt_ms = @nextAttemptMs, lease_owner = NULL, lease_until_ms = NULL WHERE id = @id");
  const remove = db.prepare("DELETE FROM outbox WHERE id = ?");
  const removeClaim = db.prepare("DELETE FROM lead_claims WHERE lead_id = ?");
  const bringForward = db.prepare("UPDATE outbox SET next_attempt_ms = @now + abs(random()) % @spreadMs WHERE state = 'pending' AND next_attempt_ms > @now + @spreadMs");
  const purge = db.prepare("DELETE FROM outbox WHERE state = 'delivered' AND done_ms <= ?");
  const expireClaims = db.prepare("DELETE FROM lead_claims WHERE claimed_ms <= ?");
  const insertClaim = db.prepare("INSERT OR IGNORE INTO lead_claims (fingerprint, lead_id, claimed_ms) VALUES (?, ?, ?)");
  const readClaim = db.prepare("SELECT lead_id AS id, outcome FROM lead_claims WHERE fingerprint = ?");
  const settleClaim = db.prepare("UPDATE lead_claims SET outcome = ? WHERE lead_id = ?");
  /** Drops a lead and its claim together: a repeat is a new lead then. */
  const forget = db.transaction((id: string) => {
    remove.run(id);
    removeClaim.run(id);
  });
  /**
   * Writes the lead and claims its fingerprint in one transaction, unless a claim younger than the
   * window holds it (then nothing is written: the earlier lead, as ./claims.ts's Redis claims answer). One
   * transaction, so a claim never stands for a lead that is not on disk (a crash between the two
   * would have answered the visitor's retry "queued" for a lead that was never kept).
   */
  const addClaimed = db.transaction((row: { id: string; kind: LeadKind; fields: string; createdMs: number; traceId?: string | null }, owner: string, leaseUntilMs: number, fingerprint: string, windowMs: number): EarlierLead | null => {
    expireClaims.run(row.createdMs - windowMs);
    if (insertClaim.run(fingerprint, row.id, row.createdMs).changes === 1) {
      insert.run({ ...row, traceId: row.traceId ?? null, owner, leaseUntilMs });
      return null;
    }
    const earlier = ClaimSchema.parse(readClaim.get(fingerprint));
    return { id: earlier.id, outcome: earlier.outcome ?? undefined };
  });

  return {
    ...readers(db),
    /**
     * Stores a new lead, leased to `owner` while its first attempt runs, and claims its fingerprint
     * for the duplicate window (./claims.ts): null; or, for a repeat, stores nothing and answers the
     * earlier lead. Committed (fsync'd) when this returns.
     */
    add: (row: { id: string; kind: LeadKind; fields: string; createdMs: number; traceId?: string | null }, owner: string, leaseUntilMs: number, fingerprint: string, windowMs: number): EarlierLead | null =>
      addClaimed(row, owner, leaseUntilMs, fingerprint, windowMs),
    /** Leases to `owner` up to `limit` leads due for a retry by `dueBy` (default: now), earliest first. */
    claimDue(owner: string, now: number, leaseUntilMs: number, limit: number, dueBy = now): OutboxRow[] {
      return parseRows(claim.all({ owner, now, dueBy, leaseUntilMs, limit }));
    },
    delivered: (id: string, now: number) => void finish.run({ id, state: "delivered", error: null, now }),
    /** The service refused the lead with field errors after it was kept: it stays, for an operator. */
    rejected: (id: string, now: number, error: string) => void finish.run({ id, state: "rejected", error, now }),
    failed: (id: string, error: string, nextAttemptMs: number) => void retry.run({ id, error, nextAttemptMs }),
    /** Leads waiting longer than `spreadMs` for their next attempt become due within it, at random points. */
    bringForward: (now: number, spreadMs: number): number => bringForward.run({ now, spreadMs: Math.max(1, Math.round(spreadMs)) }).changes,
    /** Drops a lead the visitor was told was refused (a 400 on its first attempt). */
    forget: (id: string): void => forget(id),
    /** Deletes delivered leads delivered at or before `before`; how many. */
    purgeDelivered: (before: number): number => purge.run(before).changes,
    /** What became of lead `id`, for the repeats its claim answers (./claims.ts). */
    settleClaim: (id: string, outcome: ClaimOutcome) => void settleClaim.run(outcome, id),
  };
}

export type OutboxStore = ReturnType<typeof openOutboxStore>;
