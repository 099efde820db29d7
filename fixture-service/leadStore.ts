/**
 * Leads (contact requests and thought-paper downloads) in SQLite. Every insert is
 * committed with synchronous=FULL before the caller answers 200, so a lead that was
 * acknowledged survives the process being killed right after.
 *
 * A write never waits on a lock inside SQLite (that would stall every visitor of this
 * single-threaded server): a busy database is retried on timers for a short while, then
 * `add` rejects with LeadsUnavailable, which the service answers 503.
 */
import { createHash } from "node:crypto";
import { setTimeout as wait } from "node:timers/promises";
import { openLeadDatabase } from "../src/shared/leadDatabase.ts";
import { duplicateWindowMs } from "../src/shared/leadIntake.ts";
import { leadColumns, leadsTable, type Lead, type LeadInput } from "../src/shared/storedLeads.ts";

export interface LeadStore {
  /** Stores the lead, or answers the one stored for the same submission within the last minute. */
  add(lead: LeadInput): Promise<Lead>;
  list(): Lead[];
  close(): void;
}

/**
 * A duplicate check other instances share (Redis): asked before a lead is written, told after.
 * Without one, this database's own check (within its write transaction) is the only one.
 */
export interface DuplicateCheck {
  earlier(fingerprint: string): Promise<Lead | undefined>;
  remember(fingerprint: string, lead: Lead): Promise<void>;
}

export interface LeadStoreOptions {
  /** How long a write may wait for a lock held elsewhere before giving up (default 250 ms). */
  busyWaitMs?: number;
  now?: () => number;
  duplicates?: DuplicateCheck;
}

/** The database is locked or failing: nothing was stored, the visitor should try again. */
export class LeadsUnavailable extends Error {
  constructor(cause: unknown) {
    super(`the leads database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "LeadsUnavailable";
  }
}

/** A resubmission of the same fields within this window stores nothing new (the outbox's window: one rule). */
export { duplicateWindowMs };

const busyCode = /^SQLITE_(BUSY|LOCKED)/;
const isBusy = (error: unknown) => typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" && busyCode.test(error.code);

/** Which submission a lead is: its kind and every field, so the same form sent twice is one. */
function fingerprint(lead: Required<LeadInput>): string {
  const { kind, name, organisation, email, contactNumber, message, thoughtPaperName } = lead;
  return createHash("sha256").update(JSON.stringify([kind, name, organisation, email, contactNumber, message, thoughtPaperName])).digest("hex");
}

export function openLeadStore(path: string, options: LeadStoreOptions = {}): LeadStore {
  const busyWaitMs = options.busyWaitMs ?? 250;
  const now = options.now ?? Date.now;
  // Opening may meet a lock too; it happens once, before the server listens.
  const db = openLeadDatabase(path, {
    busyTimeoutMs: 5000,
    schema: `${leadsTable}
    CREATE TABLE IF NOT EXISTS lead_submissions (
      fingerprint TEXT PRIMARY KEY,
      lead_id INTEGER NOT NULL,
      submitted_ms INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS lead_submissions_by_time ON lead_submissions (submitted_ms);
  `,
  });
  db.pragma("busy_timeout = 0");
  const insert = db.prepare(
    `INSERT INTO leads (kind, name, organisation, email, contact_number, message, thought_paper_name)
     VALUES (@kind, @name, @organisation, @email, @contactNumber, @message, @thoughtPaperName)
     RETURNING ${leadColumns}`,
  );
  const select = db.prepare(`SELECT ${leadColumns} FROM leads ORDER BY id`);
  const forget = db.prepare("DELETE FROM lead_submissions WHERE submitted_ms <= ?");
  const earlier = db.prepare(`SELECT ${leadColumns} FROM leads WHERE id = (SELECT lead_id FROM lead_submissions WHERE fingerprint = ?)`);
  const remember = db.prepare("INSERT OR REPLACE INTO lead_submissions (fingerprint, lead_id, submitted_ms) VALUES (?, ?, ?)");

  const write = db.transaction((row: Required<LeadInput>, print: string, time: number): Lead => {
    forget.run(time - duplicateWindowMs);
    const seen = earlier.get(print) as Lead | undefined;
    if (seen) return seen;
    const lead = insert.get(row) as Lead;
    remember.run(print, lead.id, time);
    return lead;
  });

  return {
    async add(lead) {
      const row: Required<LeadInput> = { ...lead, message: lead.message ?? null, thoughtPaperName: lead.thoughtPaperName ?? null };
      const print = fingerprint(row);
      const seen = await options.duplicates?.earlier(print);
      if (seen) return seen;
      const deadline = now() + busyWaitMs;
      for (let delay = 5; ; delay = Math.min(delay * 2, 50)) {
        try {
          // IMMEDIATE: take the write lock first, so a busy database fails before any work.
          const stored = write.immediate(row, print, now());
          await options.duplicates?.remember(print, stored);
          return stored;
        } catch (error) {
          if (!isBusy(error) || now() + delay > deadline) throw new LeadsUnavailable(error);
        }
        await wait(delay);
      }
    },
    list: () => select.all() as Lead[],
    close: () => db.close(),
  };
}
