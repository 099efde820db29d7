/** `npm run leads`: the leads stored by the fixture content service (LEADS_DB, default data/leads.sqlite). */
import { existsSync } from "node:fs";
import { defaultLeadsPath, openLeadStore } from "../server/leadStore.ts";

const path = process.env.LEADS_DB ?? defaultLeadsPath;
if (!existsSync(path)) {
  console.log(`No leads yet (${path} does not exist).`);
  process.exit(0);
}
const store = openLeadStore(path);
const leads = store.list();
store.close();
if (leads.length === 0) console.log(`No leads in ${path}.`);
else console.table(leads.map(({ id, createdAt, kind, name, organisation, email, contactNumber, thoughtPaperName }) => ({ id, createdAt, kind, name, organisation, email, contactNumber, thoughtPaperName })));
