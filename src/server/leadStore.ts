/**
 * Leads (contact requests and thought-paper downloads) in SQLite. Every insert is
 * committed with synchronous=FULL before the caller answers 200, so a lead that was
 * acknowledged survives the process being killed right after.
 */
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export type LeadKind = "contact" | "presentation" | "thought-paper";

export interface LeadInput {
  kind: LeadKind;
  name: string;
  organisation: string;
  email: string;
  contactNumber: string;
  message?: string | null;
  thoughtPaperName?: string | null;
}

export interface Lead extends Required<LeadInput> {
  id: number;
  createdAt: string;
}

export interface LeadStore {
  add(lead: LeadInput): Lead;
  list(): Lead[];
  close(): void;
}

export const defaultLeadsPath = "data/leads.sqlite";

export function openLeadStore(path: string): LeadStore {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec(`
    CREATE TABLE IF NOT EXISTS leads (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL CHECK (kind IN ('contact', 'presentation', 'thought-paper')),
      name TEXT NOT NULL,
      organisation TEXT NOT NULL,
      email TEXT NOT NULL,
      contact_number TEXT NOT NULL,
      message TEXT,
      thought_paper_name TEXT,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )
  `);
  const insert = db.prepare(
    `INSERT INTO leads (kind, name, organisation, email, contact_number, message, thought_paper_name)
     VALUES (@kind, @name, @organisation, @email, @contactNumber, @message, @thoughtPaperName)
     RETURNING id, created_at AS createdAt`,
  );
  const select = db.prepare(
    `SELECT id, kind, name, organisation, email, contact_number AS contactNumber, message,
            thought_paper_name AS thoughtPaperName, created_at AS createdAt
     FROM leads ORDER BY id`,
  );
  return {
    add(lead) {
      const row = { message: null, thoughtPaperName: null, ...lead };
      const { id, createdAt } = insert.get(row) as { id: number; createdAt: string };
      return { ...row, message: row.message ?? null, thoughtPaperName: row.thoughtPaperName ?? null, id, createdAt };
    },
    list: () => select.all() as Lead[],
    close: () => db.close(),
  };
}
