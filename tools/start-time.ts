/**
 * `npm run bench:start` (after `npm run build`): how long a restart leaves visitors without the
 * site, as an operator runs it (docs/operations.md#start). The production install
 * (./productionInstall.ts: the build, package.json, the lockfile, `npm ci --omit=dev`) is started
 * with `npm run serve`, as README's production steps do, on a content service of its own (another
 * process: the built server on the fixture content, reached over HTTP by CONTENT_API_BASE); the
 * time is from the spawn to the first 200 on /Home, whose render is the first. Three times
 * (START_RUNS), alternating with the same install started by `node dist/server/standalone.js`
 * (what a supervisor may run instead, without npm); each figure, the medians and the load average.
 */
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { startChildServer } from "./childServer.ts";
import { productionInstall, supervisorEnv } from "./productionInstall.ts";

const runs = Math.max(1, Number(process.env.START_RUNS ?? 3));
const load = () => loadavg().map((n) => n.toFixed(2)).join(" ");

/** From spawning `command` in `dir` to its first 200 on /Home, in ms; the server is stopped after. */
async function firstPage(command: string, args: readonly string[], dir: string, env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const started = performance.now();
  // Its own process group: SIGTERM reaches npm and the server it runs.
  const child = spawn(command, args, { cwd: dir, env: { ...env, PORT: String(port) }, stdio: "ignore", detached: true });
  const exited = new Promise((done) => child.once("exit", done));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited (${child.exitCode}) before it answered /Home`);
      const answer = await fetch(`http://127.0.0.1:${port}/Home`).catch(() => null);
      if (answer?.status === 200) {
        await answer.text();
        return performance.now() - started;
      }
      await answer?.text();
      // Connection refused: the server is not listening yet; ask again 5 ms later. Not at once: asking
      // in a loop keeps one of the machine's two cores busy, which the starting server (its main
      // thread and its content HTML worker) would otherwise have.
      await new Promise((next) => setTimeout(next, 5));
    }
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    await exited;
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

console.log(`load average before: ${load()}; installing the production copy…`);
const install = await productionInstall();
// The content service: another process, the built server answering the contract's calls from the fixtures.
const content = await startChildServer({ NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1", LEADS_DB: ":memory:", REDIS_URL: "" });
try {
  const env = { ...supervisorEnv(), CONTENT_API_BASE: content.url, SITE_URL: "http://localhost:4490", LEADS_DB: `${install.dir}/leads.sqlite`, LOG_LEVEL: "warn" };
  const viaNpm: number[] = [];
  const direct: number[] = [];
  for (let run = 0; run < runs; run++) {
    viaNpm.push(await firstPage("npm", ["run", "serve"], install.dir, env, 4490));
    direct.push(await firstPage(process.execPath, ["dist/server/standalone.js"], install.dir, env, 4491));
  }
  console.log(`spawn to the first 200 on /Home, production install, content service over HTTP:`);
  console.log(`  npm run serve:                  median ${seconds(median(viaNpm))} (${viaNpm.map(seconds).join(", ")})`);
  console.log(`  node dist/server/standalone.js: median ${seconds(median(direct))} (${direct.map(seconds).join(", ")})`);
  console.log(`load average after: ${load()}`);
} finally {
  await content.stop();
  install.remove();
}
