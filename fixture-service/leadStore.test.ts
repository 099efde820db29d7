// @vitest-environment node
import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { LeadInput } from "../src/shared/storedLeads.ts";
import { duplicateWindowMs, LeadsUnavailable, openLeadStore, type LeadStore } from "./leadStore.ts";

const ada: LeadInput = { kind: "contact", name: "Ada Lovelace", organisation: "Engines", email: "ada@engines.example", contactNumber: "4045550142", message: "Claims help" };
const dbPath = () => join(mkdtempSync(join(tmpdir(), "corvane-leads-")), "leads.sqlite");

const opened: LeadStore[] = [];
const open = (...args: Parameters<typeof openLeadStore>) => {
  const store = openLeadStore(...args);
  opened.push(store);
  return store;
};
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

describe("lead store", () => {
  it("keeps its file owner-only (0600), write-ahead log too, as the outbox does: leads are personal data", async () => {
    const file = dbPath();
    const store = open(file);
    await store.add(ada);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
  });

  it("stores one lead for the same submission sent again within a minute, and a new one after", async () => {
    let time = 1_000_000;
    const store = open(":memory:", { now: () => time });
    const first = await store.add(ada);
    time += duplicateWindowMs - 1;
    expect((await store.add(ada)).id).toBe(first.id);
    expect(store.list()).toHaveLength(1);
    expect((await store.add({ ...ada, message: "Another question" })).id).not.toBe(first.id);
    time += 2;
    await store.add(ada);
    expect(store.list()).toHaveLength(3);
  });

  it("remembers recent submissions across a restart", async () => {
    const path = dbPath();
    const time = 5_000_000;
    const before = openLeadStore(path, { now: () => time });
    await before.add(ada);
    before.close();
    const after = open(path, { now: () => time + 10_000 });
    await after.add(ada);
    expect(after.list()).toHaveLength(1);
  });

  it("gives up on a database locked by another connection within its wait, then stores once the lock is gone", async () => {
    const path = dbPath();
    const store = open(path, { busyWaitMs: 100 });
    const other = new Database(path);
    other.exec("BEGIN IMMEDIATE; INSERT INTO leads (kind, name, organisation, email, contact_number) VALUES ('contact', 'x', 'x', 'x@x.example', '1')");
    const started = performance.now();
    await expect(store.add(ada)).rejects.toBeInstanceOf(LeadsUnavailable);
    expect(performance.now() - started).toBeLessThan(1_000);
    other.exec("ROLLBACK");
    other.close();
    expect(await store.add(ada)).toMatchObject({ name: "Ada Lovelace" });
    expect(store.list()).toHaveLength(1);
  });

  it("reports a failing database as unavailable, not as a crash", async () => {
    const store = open(":memory:");
    store.close();
    opened.pop();
    await expect(store.add(ada)).rejects.toBeInstanceOf(LeadsUnavailable);
  });
});

describe("npm run leads", () => {
  it("lists the leads the store keeps, read from its file while the service has it open", { timeout: 30_000 }, async () => {
    const path = dbPath();
    const store = open(path);
    await store.add(ada);
    await store.add({ kind: "thought-paper", name: "Grace Hopper", organisation: "Navy", email: "grace@navy.example", contactNumber: "4045550143", thoughtPaperName: "Compilers" });
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/server/leads/command.ts"], { env: { ...process.env, LEADS_DB: path }, encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/\b1\b.*contact.*Ada Lovelace.*Engines.*ada@engines\.example.*4045550142/);
    expect(run.stdout).toMatch(/\b2\b.*thought-paper.*Grace Hopper.*Compilers/);
    // Read-only: the store goes on writing after the command read beside it.
    expect((await store.add({ ...ada, message: "Another question" })).id).toBe(3);
  });

  it("says there are no leads yet when the file does not exist", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/server/leads/command.ts"], { env: { ...process.env, LEADS_DB: dbPath() }, encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/No leads yet \(.*leads\.sqlite does not exist\)/);
  });
});
