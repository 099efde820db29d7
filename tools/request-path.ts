/**
 * `npm run request-path` (after `npm run build`): the project's source files whose functions run
 * while the production server answers one request, in the order each is first called — measured
 * from the code as it runs, not from a list someone wrote.
 *
 * The built server (`node dist/server/standalone.js`) runs in a child process with its inspector
 * open, on a content service of its own (a second server on the fixture content, over HTTP, so
 * the fixture service's own files never count). After a warm-up, for each kind of request:
 *
 * - V8's precise coverage (function call counts, reset just before the request) gives every
 *   function that ran; the build's source maps name the source file of each;
 * - the same request again, with a breakpoint on every one of those functions, gives the order
 *   in which each file is first entered (each file's breakpoints are removed at its first hit).
 *
 * Kinds: a cached page (held fresh: answered before the framework) and an uncached one (the page
 * and its own content dropped by the publish webhook first; menus and resources held, as on a
 * running site). Block, shared UI and site chrome components (src/blocks/, src/ui/, src/chrome/: the
 * header, footer, consent banner and contact shortcut) count as one group: they are the page's
 * React tree, which docs/blocks.md describes. Packages are not counted.
 *
 * It prints the lists as docs/architecture.md shows them; `--json`, as JSON (tests/requestPath.test.ts
 * measures again and fails when the code and the page part, or a path passes its budget).
 */
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { connect as connectSocket } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startChildServer } from "./childServer.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const webhookSecret = "request-path-measurement-secret-0123456789";
/** The page measured. */
const page = process.argv.find((argument) => argument.startsWith("--page="))?.slice("--page=".length) ?? "/Home";
/** The group every block and shared UI component counts in. */
export const componentGroup = "src/blocks/** + src/ui/** + src/chrome/** (the page's components)";

/** The built production server in a child process (./childServer.ts); with `inspect`, its inspector open. */
const startServer = (env: Record<string, string>, inspect: boolean) =>
  startChildServer({ NODE_ENV: "production", LOG_LEVEL: "silent", ALLOW_TEST_CAPTCHA: "1", LEADS_DB: resolve(mkdtempSync(join(tmpdir(), "request-path-")), "leads.sqlite"), REDIS_URL: "", ...env }, 60_000, undefined, inspect ? ["--inspect=127.0.0.1:0"] : []);

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function connect(address: string) {
  const socket = new WebSocket(address);
  await new Promise<void>((opened, failed) => {
    socket.addEventListener("open", () => opened());
    socket.addEventListener("error", () => failed(new Error(`could not reach the inspector at ${address}`)));
  });
  let next = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, ((params: unknown) => void)[]>();
  socket.addEventListener("message", (event: MessageEvent) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string }; method?: string; params?: unknown };
    if (message.id !== undefined) {
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) pending?.reject(new Error(message.error.message));
      else pending?.resolve(message.result);
    } else if (message.method) for (const listener of listeners.get(message.method) ?? []) listener(message.params);
  });
  return {
    send<T>(method: string, params: object = {}): Promise<T> {
      const id = ++next;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise<T>((resolvePromise, reject) => waiting.set(id, { resolve: (value) => resolvePromise(value as T), reject }));
    },
    /** Listens to an event until the returned function is called. */
    on(method: string, listener: (params: unknown) => void): () => void {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
      return () => listeners.set(method, (listeners.get(method) ?? []).filter((other) => other !== listener));
    },
    close: () => socket.close(),
  };
}
type Inspector = Awaited<ReturnType<typeof connect>>;

interface Coverage {
  result: { scriptId: string; url: string; functions: { functionName: string; isBlockCoverage: boolean; ranges: { startOffset: number; endOffset: number; count: number }[] }[] }[];
}

/** A built file's source map, and the offsets of its line starts (coverage gives offsets, maps take lines and columns). */
const maps = new Map<string, { map: TraceMap; lineStarts: number[] } | null>();
function mapOf(file: string) {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    if (!existsSync(mapFile)) maps.set(file, null);
    else {
      const code = readFileSync(file, "utf8");
      const lineStarts = [0];
      for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStarts.push(i + 1);
      maps.set(file, { map: new TraceMap(readFileSync(mapFile, "utf8")), lineStarts });
    }
  }
  return maps.get(file) ?? null;
}

/** The project source file (relative to the root) a built file's offset comes from, or null (a package, or no map). */
function sourceAt(url: string, offset: number): string | null {
  if (!url.startsWith("file://")) return null;
  const file = fileURLToPath(url);
  if (!file.startsWith(resolve(root, "dist/server"))) return null;
  const mapped = mapOf(file);
  if (!mapped) return null;
  let line = 0;
  let low = 0;
  let high = mapped.lineStarts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((mapped.lineStarts[middle] ?? 0) <= offset) {
      line = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  const { source } = originalPositionFor(mapped.map, { line: line + 1, column: offset - (mapped.lineStarts[line] ?? 0) });
  if (source === null) return null;
  const path = relative(root, resolve(resolve(file, ".."), source));
  return path.startsWith("node_modules/") || path.startsWith("..") || path.includes("/node_modules/") ? null : path;
}

/** What a file counts as: itself, or the page's components' group. */
export const counted = (path: string) => (/^src\/(blocks|ui|chrome)\//.test(path) ? componentGroup : path);

interface RanFunction {
  scriptId: string;
  startOffset: number;
  endOffset: number;
  file: string;
}

const functionKey = (fn: RanFunction) => `${fn.scriptId}:${fn.startOffset}`;

/** Every project function that ran since the last take (module bodies excluded: nothing is evaluated for the first time after the warm-up). */
async function ranSince(inspector: Inspector): Promise<RanFunction[]> {
  const { result } = await inspector.send<Coverage>("Profiler.takePreciseCoverage");
  const ran: RanFunction[] = [];
  for (const script of result) {
    for (const fn of script.functions) {
      const whole = fn.ranges[0];
      if (!whole || whole.count === 0 || (fn.functionName === "" && whole.startOffset === 0)) continue;
      const file = sourceAt(script.url, whole.startOffset);
      if (file) ran.push({ scriptId: script.scriptId, startOffset: whole.startOffset, endOffset: whole.endOffset, file });
    }
  }
  return ran;
}

/** The files of `ran` in the order they are first entered while `request` runs again (a breakpoint in each function; a file's are removed at its first hit). */
async function firstEntered(inspector: Inspector, ran: RanFunction[], request: () => Promise<unknown>): Promise<string[]> {
  const scripts = new Map<string, string>();
  const lineStartsOf = async (scriptId: string) => {
    if (!scripts.has(scriptId)) scripts.set(scriptId, (await inspector.send<{ scriptSource: string }>("Debugger.getScriptSource", { scriptId })).scriptSource);
    const code = scripts.get(scriptId) ?? "";
    const starts = [0];
    for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) starts.push(i + 1);
    return starts;
  };
  const toLocation = (starts: number[], offset: number) => {
    let line = 0;
    while (line + 1 < starts.length && (starts[line + 1] ?? 0) <= offset) line++;
    return { lineNumber: line, columnNumber: offset - (starts[line] ?? 0) };
  };
  const byFile = new Map<string, string[]>();
  const fileOfBreakpoint = new Map<string, string>();
  // Listening before the first breakpoint is set: a timer of the server may stop on one at once.
  const order: string[] = [];
  const stopListening = inspector.on("Debugger.paused", (params) => {
    const hit = (params as { hitBreakpoints?: string[] }).hitBreakpoints ?? [];
    const file = hit.map((id) => fileOfBreakpoint.get(id)).find((name) => name !== undefined);
    const removals = file && !order.includes(file) ? (order.push(file), byFile.get(file) ?? []) : [];
    void Promise.allSettled(removals.map((breakpointId) => inspector.send("Debugger.removeBreakpoint", { breakpointId }))).finally(() => void inspector.send("Debugger.resume").catch(() => undefined));
  });
  const startsCache = new Map<string, number[]>();
  for (const fn of ran) {
    let starts = startsCache.get(fn.scriptId);
    if (!starts) startsCache.set(fn.scriptId, (starts = await lineStartsOf(fn.scriptId)));
    const { locations } = await inspector.send<{ locations: { scriptId: string; lineNumber: number; columnNumber?: number }[] }>("Debugger.getPossibleBreakpoints", {
      start: { scriptId: fn.scriptId, ...toLocation(starts, fn.startOffset) },
      end: { scriptId: fn.scriptId, ...toLocation(starts, fn.endOffset) },
      restrictToFunction: true,
    });
    const first = locations[0];
    if (!first) continue;
    try {
      const { breakpointId } = await inspector.send<{ breakpointId: string }>("Debugger.setBreakpoint", { location: first });
      fileOfBreakpoint.set(breakpointId, fn.file);
      byFile.set(fn.file, [...(byFile.get(fn.file) ?? []), breakpointId]);
    } catch {
      // Two functions starting at one location share a breakpoint: the first one set stands for both.
    }
  }
  await request();
  // Removed before the listener goes: a timer of the server (idle recompression) may still stop on one.
  for (const ids of byFile.values()) for (const breakpointId of ids) await inspector.send("Debugger.removeBreakpoint", { breakpointId }).catch(() => undefined);
  stopListening();
  return order;
}

/** The files in order of first entry, grouped: each listed once, at its first place. */
function grouped(order: string[], ran: RanFunction[]): string[] {
  const listed: string[] = [];
  for (const file of [...order, ...ran.map((fn) => fn.file)]) {
    const name = counted(file);
    if (!listed.includes(name)) listed.push(name);
  }
  return listed;
}

/**
 * One GET, done when the server is done with it: asked with `Connection: close` on a plain socket,
 * it ends when the server closes the connection (its FIN), which the server does only after its
 * answer's own close listeners ran (the request's log line and its count, src/server/requestLog.ts).
 * Ending at the last byte of the body instead (as an HTTP client does, closing its own side), a
 * loaded machine could take the coverage before those ran.
 */
function get(url: string): Promise<number> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // Written, not ended: a client's half-close would be taken for a client gone.
    const socket = connectSocket(Number(port), hostname, () => socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n`));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.once("end", () => {
      socket.end();
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(chunks).subarray(0, 64).toString("latin1"))?.[1] ?? 0));
    });
    socket.once("error", reject);
  });
}

export interface RequestPath {
  cached: string[];
  uncached: string[];
}

export async function measureRequestPath(): Promise<RequestPath> {
  // The content service: the fixture content, served by a site server of its own over HTTP.
  const service = await startServer({}, false);
  const site = await startServer({ CONTENT_API_BASE: service.url, REVALIDATE_SECRET: webhookSecret, CONTENT_CACHE_SECONDS: "3600", SITE_URL: "http://localhost:4173" }, true);
  const inspector = await connect(site.inspector ?? "");
  const drop = async () => {
    const answer = await fetch(`${site.url}/_revalidate`, { method: "POST", headers: { Authorization: `Bearer ${webhookSecret}`, "Content-Type": "application/json" }, body: JSON.stringify({ addresses: [page] }) });
    if (!answer.ok) throw new Error(`the webhook answered ${answer.status}`);
    // The webhook's own code finishes after its answer is read: let it, so it is not counted as the next request's.
    await new Promise((done) => setTimeout(done, 200));
  };
  try {
    await inspector.send("Profiler.enable");
    await inspector.send("Debugger.enable");
    await inspector.send("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
    // Warm-up: every code path compiled and every lazy module loaded, cached and uncached.
    for (let i = 0; i < 3; i++) {
      for (const address of [page, "/about-us", "/blogs"]) if ((await get(`${site.url}${address}`)) !== 200) throw new Error(`${address} did not answer 200`);
      await drop();
    }
    await get(`${site.url}${page}`);
    await get(`${site.url}${page}`);

    // What the server runs by itself (the lead outbox's delivery passes, idle recompression) is not the request's.
    await inspector.send("Profiler.takePreciseCoverage");
    await new Promise((done) => setTimeout(done, 2_500));
    const background = new Set((await ranSince(inspector)).map(functionKey));
    const measure = async (before: () => Promise<void>) => {
      await before();
      await inspector.send("Profiler.takePreciseCoverage");
      await get(`${site.url}${page}`);
      const ran = (await ranSince(inspector)).filter((fn) => !background.has(functionKey(fn)));
      await before();
      const order = await firstEntered(inspector, ran, () => get(`${site.url}${page}`));
      return grouped(order, ran);
    };
    // Held and steady: asked once more first, so a body recompressed while idle (src/server/pageCache.ts `idleRecompression`) is not rebuilt inside the measured request.
    const cached = await measure(async () => {
      await get(`${site.url}${page}`);
    });
    const uncached = await measure(drop);
    return { cached, uncached };
  } finally {
    inspector.close();
    await site.stop();
    await service.stop();
  }
}

/** The budgets docs/architecture.md holds the paths to (tests/requestPath.test.ts fails past them). */
// uncached: a third fewer than the 67 files first measured (issue 50).
export const requestPathBudgets = { cached: 6, uncached: 44 } as const;
const kinds = { cached: "a cached page", uncached: "an uncached page" } as const;

/** The lists as docs/architecture.md shows them: per kind, a marker with its budget and the files in order of first call, six to a line. */
export function requestPathMarkdown(path: RequestPath): string {
  return (["cached", "uncached"] as const)
    .map((kind) => {
      const lines: string[] = [];
      for (let i = 0; i < path[kind].length; i += 6) lines.push(path[kind].slice(i, i + 6).join(" · "));
      return [`<!-- request-path: ${kinds[kind]}, ${path[kind].length} files, at most ${requestPathBudgets[kind]} -->`, "```text", ...lines, "```"].join("\n");
    })
    .join("\n\n");
}

/** The lists docs/architecture.md shows, read back: kind → files. */
export function requestPathInMarkdown(markdown: string): Partial<Record<keyof RequestPath, string[]>> {
  const read: Partial<Record<keyof RequestPath, string[]>> = {};
  for (const [, name = "", body = ""] of markdown.matchAll(/<!-- request-path: (a cached page|an uncached page), [^>]*-->\n```text\n([\s\S]*?)\n```/g)) {
    const kind = name === kinds.cached ? "cached" : "uncached";
    read[kind] = body.split(/\n| · /).map((file) => file.trim()).filter((file) => file !== "");
  }
  return read;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const load = loadavg()[0]?.toFixed(2) ?? "?";
  const path = await measureRequestPath();
  if (process.argv.includes("--json")) console.log(JSON.stringify(path, null, 2));
  else {
    console.log(`The files whose functions run while the built server answers ${page}, in order of first call (paste into docs/architecture.md):\n`);
    console.log(requestPathMarkdown(path));
    console.log(`\nload average: ${load}`);
  }
}
