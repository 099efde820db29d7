/**
 * A real Redis for the tests (Debian's redis-server, installed by .ci/run): started on the
 * first free port of 6390-6399 on loopback, with nothing written to disk, stopped after.
 */
import { spawn, type ChildProcess } from "node:child_process";

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

function startOn(port: number): Promise<RedisServer> {
  const child: ChildProcess = spawn("/usr/bin/redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready to accept connections/.test(output)) {
        resolve({
          url: `redis://127.0.0.1:${port}`,
          port,
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
            await exited;
          },
        });
      }
    });
    void exited.then(() => reject(new Error(`redis-server did not start on ${port}: ${output.slice(-500)}`)));
  });
}

export async function startRedis(): Promise<RedisServer> {
  let last: unknown;
  for (let port = 6390; port <= 6399; port++) {
    try {
      return await startOn(port);
    } catch (error) {
      last = error;
    }
  }
  throw last;
}
