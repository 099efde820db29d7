/**
 * `npm run leads -- --pending` (`node dist/server/leads.js --pending`, built by `npm run build`
 * so that it runs in a production install): the lead outbox's leads not yet delivered to the
 * content service (OUTBOX_DB, default data/outbox.sqlite): waiting for a retry, or refused by the
 * service and kept for an operator, with their attempts and last error. No personal data: ids,
 * kinds and times. An operator's check before retiring a machine (docs/operations.md#stop).
 * `npm run leads`: the leads stored by the fixture content service (LEADS_DB, default
 * data/leads.sqlite), read from its file as src/shared/storedLeads.ts defines it: this command,
 * like the rest of the site server, imports nothing of the fixture service.
 */
import { existsSync } from "node:fs";
import { defaultLeadsPath, readStoredLeads } from "../../shared/storedLeads.ts";
import { defaultOutboxPath, openOutboxReader } from "./outboxStore.ts";

function listPending(path: string) {
  if (!existsSync(path)) {
    console.log(`No lead outbox (${path} does not exist).`);
    return;
  }
  const outbox = openOutboxReader(path);
  const waiting = outbox.waiting();
  const counts = outbox.counts();
  outbox.close();
  console.log(`${path}: ${counts.pending} waiting for delivery, ${counts.rejected} refused by the content service, ${counts.delivered} delivered (kept until the retention period ends).`);
  if (waiting.length > 0) console.table(waiting);
}

function listStored(path: string) {
  if (!existsSync(path)) {
    console.log(`No leads yet (${path} does not exist).`);
    return;
  }
  const leads = readStoredLeads(path);
  if (leads.length === 0) console.log(`No leads in ${path}.`);
  else console.table(leads.map(({ id, createdAt, kind, name, organisation, email, contactNumber, thoughtPaperName }) => ({ id, createdAt, kind, name, organisation, email, contactNumber, thoughtPaperName })));
}

if (process.argv.includes("--pending")) listPending(process.env.OUTBOX_DB ?? defaultOutboxPath);
else listStored(process.env.LEADS_DB ?? defaultLeadsPath);
