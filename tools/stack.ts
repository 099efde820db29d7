/**
 * `npm run stack` (after `npm run build`): the whole site as it runs behind a CDN, on this
 * machine — Debian's Varnish with deploy/varnish/default.vcl in front of two instances of the
 * production server (`node dist/server/standalone.js`), sharing one Redis, reading the fixture
 * content service over HTTP, with the publish webhook purging Varnish by tag. Ctrl-C stops it all.
 *
 *     Varnish          http://127.0.0.1:6081    (the first free of 6081-6089)
 *     instances        http://127.0.0.1:5331, :5332
 *     content service  http://127.0.0.1:5334    (fixtures/, leads in a temporary folder)
 *     Redis            redis://127.0.0.1:5330
 *
 * Needs Debian's varnish, varnish-modules and redis-server (.ci/run installs them).
 * docs/operations.md#the-whole-stack-on-one-machine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serviceFromEnv } from "../fixture-service/fromEnv.ts";
import { freePort, startVarnish } from "./varnish.ts";

const ports = { redis: 5330, instances: [5331, 5332], content: 5334 } as const;
const host = "127.0.0.1";

if (!existsSync("dist/server/standalone.js")) {
  console.error("dist/server/standalone.js is missing: run `npm run build` first.");
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), "corvane-stack-"));
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = (chunk: Buffer) => chunk.toString().split("\n").filter(Boolean).map((line) => `[${name}] ${line}`).join("\n");
  child.stdout.on("data", (chunk: Buffer) => console.log(prefix(chunk)));
  child.stderr.on("data", (chunk: Buffer) => console.error(prefix(chunk)));
  children.push(child);
  return child;
}

async function answers(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fetch(url, { signal: AbortSignal.timeout(1000) }).then((answer) => answer.ok, () => false)) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

// Redis, nothing written to disk.
run("redis", "/usr/bin/redis-server", ["--port", String(ports.redis), "--bind", host, "--save", "", "--appendonly", "no"]);

// The fixture content service over HTTP, as another company's service would be.
const { service, leads } = serviceFromEnv({ ...process.env, LEADS_DB: join(work, "leads.sqlite") });
const contentServer = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
    void service(new Request(`http://${host}:${ports.content}${req.url ?? "/"}`, { method: req.method ?? "GET", headers, ...(body ? { body } : {}) }))
      .then(async (answer) => {
        const response = answer ?? new Response("Not found", { status: 404 });
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => res.writeHead(500).end());
  });
});
await new Promise<void>((done) => contentServer.listen(ports.content, host, done));

const varnishPort = await freePort([6081, 6082, 6083, 6084, 6085, 6086, 6087, 6088, 6089]);
const secret = randomBytes(24).toString("hex");
const instanceEnv = (port: number): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: "production",
  ALLOW_TEST_CAPTCHA: "1",
  PORT: String(port),
  HOST: host,
  SITE_URL: `http://${host}:${varnishPort}`,
  CONTENT_API_BASE: `http://${host}:${ports.content}`,
  REDIS_URL: `redis://${host}:${ports.redis}`,
  REVALIDATE_SECRET: secret,
  CDN: "varnish",
  VARNISH_PURGE_URLS: `http://${host}:${varnishPort}`,
  OUTBOX_DB: join(work, `outbox-${port}.sqlite`),
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});
for (const port of ports.instances) run(`site ${port}`, process.execPath, ["dist/server/standalone.js"], instanceEnv(port));
const varnish = await Promise.all(ports.instances.map((port) => answers(`http://${host}:${port}/healthz`)))
  .then(() => startVarnish(ports.instances.map((port) => ({ host, port })), [varnishPort]))
  .catch((error: unknown) => {
    // Nothing left running when the stack cannot start.
    for (const child of children) child.kill("SIGTERM");
    contentServer.close();
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });

console.log(`
The site behind Varnish:   ${varnish.url}/
Instances (the origin):    ${ports.instances.map((port) => `http://${host}:${port}/`).join("  ")}
Content service:           http://${host}:${ports.content}/api/…   (fixtures/)
Redis:                     redis://${host}:${ports.redis}
Publish (purges Varnish):  curl -X POST -H 'Authorization: Bearer ${secret}' -H 'Content-Type: application/json' -d '{"pages": ["About-Us"]}' http://${host}:${ports.instances[0]}/_revalidate
Ctrl-C stops everything.`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await varnish.stop();
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(children.filter((child) => child.exitCode === null && child.signalCode === null).map((child) => new Promise((done) => child.once("exit", done))));
  contentServer.close();
  leads.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
