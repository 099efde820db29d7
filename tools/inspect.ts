/**
 * `npm run inspect -- <address> [--json]`: why each slot of a page renders, or does not.
 * Asks CONTENT_API_BASE, or (empty) the fixture service in this process, with an in-memory
 * leads database; layouts are read from layouts/ as the build reads them.
 */
import { createContentClient } from "../src/content/client.ts";
import { formatInspection } from "../src/inspector/inspect.ts";
import { inspectAddress } from "../src/inspector/inspectAddress.ts";
import { formatProblem } from "../src/runtime/problems.ts";
import { serviceFromEnv } from "../fixture-service/fromEnv.ts";
import { readLayoutFiles } from "../src/build/siteConfig.ts";

const args = process.argv.slice(2);
const json = args.includes("--json");
const address = args.find((arg) => !arg.startsWith("--"));
if (address === undefined) {
  console.error("usage: npm run inspect -- <address> [--json]   e.g. npm run inspect -- /People");
  process.exit(2);
}

const base = (process.env.CONTENT_API_BASE ?? "").replace(/\/+$/, "");
const timeoutMs = 15_000;
let close = () => {};
let client;
if (base) {
  client = createContentClient({ base, timeoutMs });
} else {
  const { service, leads } = serviceFromEnv({ ...process.env, LEADS_DB: ":memory:" });
  close = () => leads.close();
  // The fixture service is a Fetch-API handler: called directly, no socket.
  const inProcess: typeof fetch = async (input, init) => (await service(new Request(input, init))) ?? new Response(null, { status: 404 });
  client = createContentClient({ base: "http://fixture-service.invalid", timeoutMs, fetch: inProcess });
}

const layouts = readLayoutFiles("layouts");
try {
  for (const problem of layouts.problems) console.error(formatProblem(problem));
  const report = await inspectAddress(address, { client, layouts: layouts.source });
  console.log(json ? JSON.stringify(report, null, 2) : formatInspection(report));
} catch (error) {
  console.error(`inspect ${address}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  close();
}
