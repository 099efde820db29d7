import Database from "better-sqlite3";
import { existsSync } from "node:fs";
import { e2eLeadsDb } from "./env.ts";

/**
 * Each run starts with no leads, so tests can find exactly the rows they wrote. Playwright
 * starts the web server before global setup, and the server already has the database open:
 * deleting the file would leave it writing to an unlinked file no test can read, so the rows
 * are deleted instead.
 */
export default function globalSetup() {
  if (!existsSync(e2eLeadsDb)) return;
  const db = new Database(e2eLeadsDb);
  try {
    db.exec("DELETE FROM leads");
  } finally {
    db.close();
  }
}
