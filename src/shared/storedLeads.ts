/**
 * The fixture content service's file of leads (LEADS_DB, default data/leads.sqlite): its `leads`
 * table, and the one way to read it back. The fixture service's lead store
 * (fixture-service/leadStore.ts) writes it; `npm run leads` (src/server/leads/command.ts, built
 * with the site server, which imports nothing of the fixture service) lists it, read-only, beside
 * a server that writes (WAL).
 */
import type { LeadKind } from "./leadIntake.ts";
import { leadKindColumn, openLeadDatabaseReader } from "./leadDatabase.ts";

export const defaultLeadsPath = "data/leads.sqlite";

/** A lead as it is stored: its kind and the fields of its call (CONTENT-API 5). */
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

/** The table of leads, created if missing. */
export const leadsTable = `
  CREATE TABLE IF NOT EXISTS leads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ${leadKindColumn},
    name TEXT NOT NULL,
    organisation TEXT NOT NULL,
    email TEXT NOT NULL,
    contact_number TEXT NOT NULL,
    message TEXT,
    thought_paper_name TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  );
`;

/** A row of `leads` selected as a `Lead`. */
export const leadColumns = `id, kind, name, organisation, email, contact_number AS contactNumber, message,
                   thought_paper_name AS thoughtPaperName, created_at AS createdAt`;

/** Every lead in `file`, oldest first. */
export function readStoredLeads(file: string): Lead[] {
  const db = openLeadDatabaseReader(file);
  try {
    return db.prepare(`SELECT ${leadColumns} FROM leads ORDER BY id`).all() as Lead[];
  } finally {
    db.close();
  }
}
