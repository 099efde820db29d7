/**
 * `npm run bench:start` (after `npm run build`): from spawning the production server
 * (`node dist/server/standalone.js`, on the fixture service) to its first 200 on /Home, three
 * times; prints each and the median, with the load average (docs/operations.md#start).
 */
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { builtServer } from "./childServer.ts";

async function once(port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [builtServer], { env: { ...process.env, NODE_ENV: "production", ALLOW_FIXTURE_CONTENT: "1", ALLOW_TEST_CAPTCHA: "1", PORT: String(port), LEADS_DB: ":memory:" }, stdio: "ignore" });
  const exited = new Promise((done) => child.once("exit", done));
  try {
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/Home`).catch(() => null);
      if (answer?.status === 200) {
        await answer.text();
        return performance.now() - started;
      }
      // Connection refused: the server is not listening yet; ask again at once (the next event-loop turn).
      await new Promise((next) => setImmediate(next));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const port = Number(process.env.PORT ?? 4490);
const times: number[] = [];
for (let run = 0; run < 3; run++) times.push(await once(port));
const median = [...times].sort((a, b) => a - b)[1] ?? 0;
console.log(`spawn to first 200 on /Home: ${times.map((ms) => `${Math.round(ms)} ms`).join(", ")}; median ${Math.round(median)} ms (load average ${loadavg().map((n) => n.toFixed(2)).join(" ")})`);
