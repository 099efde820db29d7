/**
 * The production server as built (`npm run serve`'s `node dist/server/standalone.js`) in a child
 * process, so a load or fault test can measure its memory on its own, lock its database from
 * outside and kill it with SIGKILL. DIST_DIR may name another build's client; the server is
 * always the project's dist/server/.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
/** The built production server. */
export const builtServer = fileURLToPath(new URL("../dist/server/standalone.js", import.meta.url));

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** The inspector's WebSocket address, when started with `--inspect`. */
  inspector: string | null;
  /** Resident memory of the server process, in bytes (Linux /proc). */
  rss(): number;
  stop(): Promise<void>;
}

/** `server`: another build's standalone.js (a benchmark pairing two builds); the project's own by default. `nodeArgs`: Node's own flags (`--inspect=127.0.0.1:0`). */
export function startChildServer(env: Record<string, string>, timeoutMs = 30_000, server = builtServer, nodeArgs: readonly string[] = []): Promise<ChildServer> {
  if (!existsSync(server)) return Promise.reject(new Error(`${server} is missing: run "npm run build" first.`));
  const child = spawn(process.execPath, [...nodeArgs, server], {
    cwd: root,
    // Warnings and errors only: a load run would otherwise write a line per request into a pipe read only until the server is up.
    // On the fixture service unless `env` names another: a test deployment of it (ALLOW_FIXTURE_CONTENT).
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ALLOW_FIXTURE_CONTENT: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+?)\/?\s/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      // Whatever it writes later is read and let go, so a full pipe never holds the server up.
      child.stdout.resume();
      const url = match[1];
      resolve({
        url,
        child,
        // Node writes it to stderr before the server's code runs, so it is in the output by now.
        inspector: /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1] ?? null,
        rss: () => {
          const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
          return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
        },
        stop,
      });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened:\n${output}`));
    });
  });
}
