/**
 * The one way a file of leads is opened: by the site server's lead outbox
 * (src/server/leads/outboxStore.ts) and by the fixture service's lead store
 * (fixture-service/leadStore.ts). Created owner-only, since leads are
 * personal data; WAL, so `npm run leads` can read beside the server that writes; synchronous=FULL,
 * so a lead acknowledged to a visitor survives the process being killed right after.
 */
import Database from "better-sqlite3";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { leadKinds } from "./leadIntake.ts";

/** The column check that keeps a row's kind one of the contract's lead kinds. */
export const leadKindColumn = `kind TEXT NOT NULL CHECK (kind IN (${leadKinds.map((kind) => `'${kind}'`).join(", ")}))`;

/** Creates the file owner-only before SQLite opens it, and tightens an existing one (and its WAL files). */
function ownerOnly(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, "a", 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, 0o600);
}

export interface LeadDatabaseOptions {
  /** The tables and indexes, created if missing. */
  schema: string;
  /** How long opening waits for another process's lock (a second instance on the file). */
  busyTimeoutMs: number;
}

/** A lead file opened for writing (":memory:" for none), its tables created. */
export function openLeadDatabase(file: string, { schema, busyTimeoutMs }: LeadDatabaseOptions): Database.Database {
  if (file !== ":memory:") ownerOnly(file);
  const db = new Database(file);
  db.pragma(`busy_timeout = ${String(busyTimeoutMs)}`);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec(schema);
  return db;
}

/** A lead file opened read-only, beside the server that writes it (WAL lets both). */
export function openLeadDatabaseReader(file: string): Database.Database {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 1000");
  return db;
}
