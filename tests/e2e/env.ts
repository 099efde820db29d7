/** The fixture service's settings for end-to-end runs: its own port, its own leads database, a fixed clock. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4317);
export const e2eLeadsDb = process.env.E2E_LEADS_DB ?? "data/e2e-leads.sqlite";
export const e2eNow = "2026-11-21T12:00:00Z";

export const e2eEnv: Record<string, string> = {
  PORT: String(e2ePort),
  LEADS_DB: e2eLeadsDb,
  CONTENT_SERVICE_NOW: e2eNow,
};
