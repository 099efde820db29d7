/**
 * Debian's Varnish (varnishd 7.1 with varnish-modules' xkey, installed by .ci/run) in front of
 * the site's instances, with the shipped deploy/varnish/default.vcl and a backends.vcl written
 * for the given instances: for `npm run stack` and tests/edge.test.ts. Runs in the foreground of
 * its own process (`-F`), its working directory and storage in a temporary folder, on the first
 * free port of `ports` on loopback.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export interface Backend {
  host: string;
  port: number;
}

export interface VarnishServer {
  url: string;
  port: number;
  /** Where backends.vcl was written (the VCL's include path). */
  dir: string;
  stop(): Promise<void>;
}

const varnishd = "/usr/sbin/varnishd";
const shippedVcl = resolve("deploy/varnish/default.vcl");

/** backends.vcl for these instances: one backend each, probed on /readyz, in default.vcl's `origin` round-robin. */
export function backendsVcl(backends: readonly Backend[]): string {
  const lines: string[] = [];
  backends.forEach(({ host, port }, i) =>
    lines.push(`backend site_${i + 1} {`, `  .host = "${host}";`, `  .port = "${port}";`, "  .probe = site_ready;", "  .connect_timeout = 1s;", "  .first_byte_timeout = 30s;", "}", ""),
  );
  lines.push("sub vcl_init {", "  new origin = directors.round_robin();", ...backends.map((_, i) => `  origin.add_backend(site_${i + 1});`), "}", "");
  return lines.join("\n");
}

const portIsFree = (port: number) =>
  new Promise<boolean>((done) => {
    const probe = createServer();
    probe.once("error", () => done(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => done(true)));
  });

/** The first of `ports` nothing listens on (loopback). */
export async function freePort(ports: readonly number[]): Promise<number> {
  for (const port of ports) if (await portIsFree(port)) return port;
  throw new Error(`none of the ports ${ports.join(", ")} is free`);
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`varnishd exited: ${output().slice(-2000)}`);
    const answered = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`varnishd did not answer on ${port} within 20 s: ${output().slice(-2000)}`);
}

/** Starts varnishd in front of `backends` on the first free port of `ports`. */
export async function startVarnish(backends: readonly Backend[], ports: readonly number[] = [6081, 6082, 6083, 6084, 6085, 6086, 6087, 6088, 6089]): Promise<VarnishServer> {
  const dir = mkdtempSync(join(tmpdir(), "corvane-varnish-"));
  writeFileSync(join(dir, "backends.vcl"), backendsVcl(backends));
  for (const port of ports) {
    if (!(await portIsFree(port))) continue;
    const args = [
      "-F",
      // No privilege separation: it runs as whoever starts it, in its own temporary folder.
      "-j", "none",
      "-n", join(dir, "work"),
      "-a", `127.0.0.1:${port}`,
      "-T", "none",
      "-f", shippedVcl,
      "-p", `vcl_path=${dir}:${resolve("deploy/varnish")}`,
      // The origin's brotli reaches visitors (the VCL narrows Accept-Encoding itself).
      "-p", "http_gzip_support=off",
      "-s", "malloc,128m",
    ];
    const child = spawn(varnishd, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    try {
      await waitForPort(port, child, () => output);
    } catch (error) {
      child.kill("SIGKILL");
      await exited;
      if (/Address already in use|Could not get socket/.test(output)) continue;
      throw error;
    }
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      dir,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
        await exited;
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  throw new Error(`no free port for Varnish among ${ports.join(", ")}`);
}
