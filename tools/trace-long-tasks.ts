/**
 * `npm run trace:long-tasks` (after `npm run build`): what blocks a phone's main thread, task by
 * task. Chromium loads each page on Lighthouse's phone screen (the network as Lighthouse observes
 * it, unthrottled, or TRACE_NETWORK=phone for tools/slowPhone.ts's slow 4G), records a performance
 * trace with the V8 sampling profiler, and lists every task of 50 ms or more at Lighthouse's 4x CPU
 * slowdown (TRACE_CLOCK below): when it ran (after navigation start; `*` marks those after the first
 * contentful paint, which Total Blocking Time counts), what it spent its time on (parsing HTML,
 * compiling and evaluating modules, script, style, layout, paint, garbage collection), the script's
 * heaviest sources through the build's source maps (the site's own module nearest the work, and the
 * package or file it ran in), and a cause in a few words. Each page is loaded as built and as its
 * control (the same HTML without its module script), alternating, so what the script adds is a
 * difference within one run. Then per page: the median of the blocking after the first paint
 * (the sum of each long task's time over 50 ms), with the script and without.
 *
 * TRACE_PAGES (comma-separated paths; default /Home, a service page, /our-studios), TRACE_SITE
 * (`served`, `exported` or `both`; default served), TRACE_RUNS (default 3), TRACE_DETAIL (runs
 * whose tasks are listed, default 1), TRACE_OUT (a folder: each trace saved, for DevTools'
 * Performance panel), TRACE_FILE (a saved trace, analysed again), DIST_DIR (another build),
 * TRACE_BASELINE (an earlier build, e.g. dist.before: measured too, alternating, to tell whether a
 * change pays). A benchmark: it prints figures and exits 0.
 */
// First: React's production build, chosen before any import loads React.
import "../src/server/productionEnv.ts";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { SourceMapConsumer } from "source-map-js";
import { pathTo } from "../src/content/paths.ts";
import { distDir, exportedSite, servedSite, warm, withControl, type BenchSite } from "./benchSites.ts";
import { chromiumLaunchOptions } from "./chromium.ts";
import { slowPhoneThrottling, throttleCpu, throttleNetwork } from "./slowPhone.ts";

const pages = process.env.TRACE_PAGES?.split(",").map((path) => path.trim()).filter(Boolean) ?? [pathTo("home"), pathTo("brandingCreative"), "/our-studios"];
const runs = Math.max(1, Number(process.env.TRACE_RUNS ?? 3));
const detailRuns = Number(process.env.TRACE_DETAIL ?? 1);
const sites = process.env.TRACE_SITE === "both" ? ["served", "exported"] : [process.env.TRACE_SITE ?? "served"];
const slowNetwork = process.env.TRACE_NETWORK === "phone";
const outDir = process.env.TRACE_OUT;
/** After the app is ready (or the control's load), how long the trace goes on: the hero's slides, the sections shown one by one, the timers of SPEC 4. */
const quietAfterMs = Number(process.env.TRACE_AFTER_MS ?? 5000);
/**
 * TRACE_CLOCK: `cpu` (the default) loads the page at full speed and counts each task's CPU time on
 * the main thread, times 4, as Lighthouse does with what it observes (its simulated throttling):
 * on a machine shared with other work, a task is not lengthened by the time it waited for a core.
 * `wall`: the CPU slowed 4x in Chromium and the tasks' wall-clock time (what a slow phone sees;
 * on a busy machine, other processes' work is counted too).
 */
const clock = process.env.TRACE_CLOCK === "wall" ? "wall" : "cpu";
const slowdown = slowPhoneThrottling.cpuSlowdown;
/** An event's length at 4x, in microseconds. */
const lengthOf = (event: TraceEvent) => (clock === "cpu" ? (event.tdur ?? event.dur ?? 0) * slowdown : (event.dur ?? 0));
/** Lighthouse's phone (its moto g power screen). */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const longTaskMs = 50;
/** TRACE_LIST_MS: tasks listed from this length at 4x (default 50); shorter ones show what a busier CPU would make long. */
const listedMs = Number(process.env.TRACE_LIST_MS ?? longTaskMs);

const categories = [
  "-*",
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "disabled-by-default-devtools.timeline.stack",
  "v8.execute",
  "v8",
  "blink.user_timing",
  "loading",
  "disabled-by-default-v8.cpu_profiler",
].join(",");

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event (not the time it waited for a core). */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; beginData?: Record<string, unknown>; frame?: string };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** What a piece of the main thread's time was, by trace event name. */
function kindOf(name: string): string {
  if (name === "ParseHTML") return "parse HTML";
  if (/^(v8\.compile|v8\.compileModule|V8\.CompileCode|CompileScript|v8\.produceModuleCache|CacheScript|v8\.parseOnBackground|V8\.ParseFunction|v8\.parseFunction)/.test(name)) return "compile";
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|Document::updateStyle|StyleRecalc)/.test(name)) return "style";
  if (/^(Layout|IntersectionObserverController::computeIntersections|ComputeIntersections|UpdateLayoutTreeAndLayout)$/.test(name)) return "layout";
  if (/^(Paint|PrePaint|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|PaintImage|Decode Image|ImageDecodeTask|RasterTask|Animation Frame Fired|PaintSetup)/.test(name)) return "paint";
  if (/GC|BlinkGC|ThreadState::|CppGC|v8\.gc/i.test(name)) return "gc";
  if (/^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.callFunction|V8\.Execute|v8\.run|FireIdleCallback|HandlePostMessage|XHRReadyStateChange|v8\.callModuleMethod|V8\.RunMicrotasks|RunTask)/.test(name)) return "script";
  return "other";
}

const scriptEvents = /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.callFunction|V8\.Execute|v8\.run|FireIdleCallback|HandlePostMessage)/;

/** The build's source maps (hidden: dist/assets/*.map), one consumer per script file. */
const maps = new Map<string, SourceMapConsumer | null>();
function mapFor(url: string): SourceMapConsumer | null {
  const file = /\/assets\/([^/?#]+\.js)/.exec(url)?.[1];
  if (!file) return null;
  if (!maps.has(file)) {
    // This build's, else the earlier one's measured beside it (file names carry their content's hash).
    const path = [distDir, process.env.TRACE_BASELINE].filter((dir) => dir !== undefined).map((dir) => join(dir, "assets", `${file}.map`)).find((candidate) => existsSync(candidate));
    maps.set(file, path ? new SourceMapConsumer(JSON.parse(readFileSync(path, "utf8")) as ConstructorParameters<typeof SourceMapConsumer>[0]) : null);
  }
  return maps.get(file) ?? null;
}

/** A source path as the project names it: `src/app/start.tsx`, or the package (`react-dom`). */
function sourceName(source: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage?.[1]) return inPackage[1];
  const own = /(?:^|\/)((?:src|fixture-service)\/.*)$/.exec(source);
  return own?.[1] ?? source.replace(/^(\.\.\/)+/, "");
}

interface Place {
  source: string;
  fn: string;
  own: boolean;
}

const places = new Map<string, Place>();
/** Where a frame of the page's script is in the sources (0-based line and column, as V8 reports them). */
function placeOf(frame: CallFrame): Place {
  const key = `${frame.url}:${String(frame.lineNumber)}:${String(frame.columnNumber)}:${frame.functionName}`;
  const known = places.get(key);
  if (known) return known;
  const map = frame.url ? mapFor(frame.url) : null;
  let place: Place;
  if (map && frame.lineNumber >= 0) {
    const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) });
    const source = original.source ? sourceName(original.source) : (frame.url.split("/").pop() ?? frame.url);
    place = { source, fn: original.name ?? frame.functionName, own: source.startsWith("src/") };
  } else {
    const label = frame.url ? (frame.url.split("/").pop() ?? frame.url) : frame.functionName || "(native)";
    place = { source: label, fn: frame.functionName, own: false };
  }
  places.set(key, place);
  return place;
}

interface Sample {
  ts: number;
  /** Leaf first. */
  stack: CallFrame[];
}

/** The V8 sampling profiler's samples of the page's main thread, with their stacks. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Sample[] {
  const profiles = new Map<string, { pid: number; tid: number; startTime: number; nodes: Map<number, { callFrame: CallFrame; parent?: number }>; samples: number[]; deltas: number[] }>();
  for (const event of events) {
    if (event.name !== "Profile" || event.id === undefined) continue;
    const data = event.args?.data as { startTime?: number } | undefined;
    profiles.set(`${String(event.pid)} ${event.id}`, { pid: event.pid, tid: event.tid, startTime: data?.startTime ?? event.ts, nodes: new Map(), samples: [], deltas: [] });
  }
  // A frame names its script's address once; later frames of the same script give only its id.
  const scriptUrls = new Map<string, string>();
  for (const event of events) {
    if (event.name === "ProfileChunk" && event.id !== undefined) {
      // Ids are per process: each renderer numbers its profiles from 0x1.
      const profile = profiles.get(`${String(event.pid)} ${event.id}`);
      const data = event.args?.data as { cpuProfile?: { nodes?: { id: number; callFrame: CallFrame; parent?: number }[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
      if (!profile || !data) continue;
      for (const node of data.cpuProfile?.nodes ?? []) {
        const frame = node.callFrame as CallFrame & { scriptId?: number };
        if (frame.url && frame.scriptId) scriptUrls.set(`${String(event.pid)} ${String(frame.scriptId)}`, frame.url);
        profile.nodes.set(node.id, { callFrame: frame, ...(node.parent === undefined ? {} : { parent: node.parent }) });
      }
      profile.samples.push(...(data.cpuProfile?.samples ?? []));
      profile.deltas.push(...(data.timeDeltas ?? []));
    }
  }
  const candidates = [...profiles.values()].filter((profile) => profile.pid === pid);
  const profile = candidates.find((candidate) => candidate.tid === tid) ?? candidates.sort((a, b) => b.samples.length - a.samples.length)[0];
  if (!profile) return [];
  const samples: Sample[] = [];
  let ts = profile.startTime;
  profile.samples.forEach((nodeId, index) => {
    ts += profile.deltas[index] ?? 0;
    const stack: CallFrame[] = [];
    for (let id: number | undefined = nodeId; id !== undefined; id = profile.nodes.get(id)?.parent) {
      const node = profile.nodes.get(id);
      if (!node) break;
      const frame = node.callFrame as CallFrame & { scriptId?: number };
      stack.push(frame.url || !frame.scriptId ? frame : { ...frame, url: scriptUrls.get(`${String(profile.pid)} ${String(frame.scriptId)}`) ?? "" });
    }
    samples.push({ ts, stack });
  });
  return samples;
}

interface LongTask {
  start: number;
  duration: number;
  afterFirstPaint: boolean;
  kinds: Map<string, number>;
  /** What started the task: its first event of note. */
  entry: string;
  /** Style and layout that script asked for (a read after a write), and where. */
  forced: { ms: number; where: Map<string, number> };
  /** The script's time by the site's own module nearest the work, then by the file it ran in. */
  own: Map<string, number>;
  ranIn: Map<string, number>;
  /** The script's own time by function (TRACE_FUNCTIONS=1 prints the heaviest). */
  functions: Map<string, number>;
  cause: string;
}

const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
const top = (map: Map<string, number>, count: number, total?: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, value]) => `${key} ${total ? `${String(Math.round((100 * value) / total))} %` : `${value.toFixed(0)} ms`}`)
    .join(", ");

function entryOf(event: TraceEvent): string {
  const data: Record<string, unknown> = event.args?.data ?? event.args?.beginData ?? {};
  const url = typeof data.url === "string" ? (data.url.split("/").pop() ?? "") : "";
  switch (event.name) {
    case "ParseHTML":
      return "parsing the HTML";
    case "EvaluateScript":
    case "v8.evaluateModule":
      return `evaluating ${url || "a module"}`;
    case "TimerFire":
      return "a timer";
    case "FireAnimationFrame":
      return "an animation frame";
    case "EventDispatch":
      return `a ${typeof data.type === "string" ? data.type : ""} event`;
    case "HandlePostMessage":
      return "a message";
    case "FunctionCall": {
      const fn = typeof data.functionName === "string" ? data.functionName : "";
      const place = url ? placeOf({ functionName: fn, url: String(data.url), lineNumber: Number(data.lineNumber ?? 1) - 1, columnNumber: Number(data.columnNumber ?? 1) - 1 }) : null;
      return `a call${place ? ` (${place.source} ${place.fn})` : ""}`;
    }
    case "RunMicrotasks":
      return "microtasks";
    default:
      return event.name;
  }
}

/** A cause in a few words, from what the task spent its time on. */
function causeOf(task: LongTask): string {
  const total = task.duration;
  const share = (kind: string) => (task.kinds.get(kind) ?? 0) / total;
  const rendering = share("style") + share("layout") + share("paint");
  if (share("parse HTML") >= 0.3) return `the HTML parsed${rendering > 0.2 ? ", styled and laid out" : ""}`;
  if (task.forced.ms / total >= 0.3) return `style and layout forced by script (${top(task.forced.where, 1)})`;
  if (rendering >= 0.5) return "style, layout and paint of the page";
  if (share("compile") >= 0.3 || /^evaluating/.test(task.entry)) return `${task.entry}${share("compile") >= 0.2 ? " (compiling)" : ""}: ${top(task.ranIn, 2)}`;
  if (share("gc") >= 0.4) return "garbage collection";
  const own = top(task.own, 1);
  return `script: ${top(task.ranIn, 2)}${own ? ` (for ${own})` : ""}`;
}

interface Traced {
  firstPaint: number;
  appReady: number | null;
  tasks: LongTask[];
  /** The sum of each task's time over 50 ms, for tasks after the first contentful paint. */
  blocking: number;
  busy: number;
}

export function analyse(events: TraceEvent[], url = "http"): Traced {
  const isMainFrameStart = (event: TraceEvent) => event.name === "navigationStart" && (event.args?.data as { isLoadingMainFrame?: boolean } | undefined)?.isLoadingMainFrame === true;
  // The page's navigation: named by its address, else (Chromium does not always name it) the last
  // main-frame navigation before the page's first contentful paint, in the same renderer.
  const named = events.find((event) => isMainFrameStart(event) && String((event.args?.data as { documentLoaderURL?: string }).documentLoaderURL).startsWith(url));
  const painted = events.filter((event) => event.name === "firstContentfulPaint" && (!named || event.pid === named.pid)).sort((a, b) => a.ts - b.ts)[0];
  const navigation =
    named ??
    events
      .filter((event) => isMainFrameStart(event) && painted !== undefined && event.pid === painted.pid && event.ts <= painted.ts)
      .sort((a, b) => b.ts - a.ts)[0];
  if (!navigation) throw new Error(`no navigation to ${url} in the trace`);
  const { pid, tid } = navigation;
  const origin = navigation.ts;
  const paint = events.find((event) => event.name === "firstContentfulPaint" && event.pid === pid && event.ts >= origin);
  const firstPaint = paint ? (paint.ts - origin) / 1000 : Number.NaN;
  const mark = events.find((event) => event.name === "site:app-ready" && event.pid === pid);
  const appReady = mark ? (mark.ts - origin) / 1000 : null;
  // The main thread's complete events (and begin/end pairs made whole), in order.
  const open: TraceEvent[] = [];
  const main: TraceEvent[] = [];
  for (const event of events) {
    if (event.pid !== pid || event.tid !== tid || event.ts < origin) continue;
    if (event.ph === "X") main.push(event);
    else if (event.ph === "B") open.push(event);
    else if (event.ph === "E") {
      const begin = open.pop();
      if (begin) main.push({ ...begin, ph: "X", dur: event.ts - begin.ts, args: { ...begin.args, ...event.args } });
    }
  }
  main.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // A task is recorded twice (the `toplevel` and the timeline's category): the outermost is kept.
  const tasks: TraceEvent[] = [];
  for (const event of main) {
    if (event.name !== "RunTask" && event.name !== "ThreadControllerImpl::RunTask") continue;
    const last = tasks.at(-1);
    if (last && event.ts < last.ts + (last.dur ?? 0)) continue;
    tasks.push(event);
  }
  const samples = samplesOf(events, pid, tid);
  const long: LongTask[] = [];
  let busy = 0;
  let index = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const length = lengthOf(task);
    busy += length / 1000;
    if (length < Math.min(listedMs, longTaskMs) * 1000) continue;
    // The events inside the task, as a tree: each event's own time is what its children leave.
    while (index < main.length && (main[index]?.ts ?? 0) < task.ts) index++;
    const inside: TraceEvent[] = [];
    for (let i = index; i < main.length && (main[i]?.ts ?? 0) <= end; i++) {
      const event = main[i];
      if (event && event.name !== "RunTask" && event.ts + (event.dur ?? 0) <= end) inside.push(event);
    }
    const kinds = new Map<string, number>();
    const forced = { ms: 0, where: new Map<string, number>() };
    const stack: { event: TraceEvent; childTime: number }[] = [];
    let entry = "";
    const close = (frame: { event: TraceEvent; childTime: number }) => {
      const self = Math.max(0, lengthOf(frame.event) - frame.childTime) / 1000;
      add(kinds, kindOf(frame.event.name), self);
      const parent = stack.at(-1);
      if (parent) parent.childTime += lengthOf(frame.event);
    };
    for (const event of inside) {
      while (stack.length > 0 && (stack.at(-1)?.event.ts ?? 0) + (stack.at(-1)?.event.dur ?? 0) <= event.ts) {
        const frame = stack.pop();
        if (frame) close(frame);
      }
      if (!entry && event.name !== "RunMicrotasks" && kindOf(event.name) !== "other") entry = entryOf(event);
      const kind = kindOf(event.name);
      if ((kind === "style" || kind === "layout") && stack.some((frame) => scriptEvents.test(frame.event.name))) {
        forced.ms += lengthOf(event) / 1000;
        const trace = ((event.args?.beginData ?? event.args?.data) as { stackTrace?: { functionName: string; url: string; lineNumber: number; columnNumber: number }[] } | undefined)?.stackTrace;
        const frame = trace?.find((candidate) => candidate.url);
        const place = frame ? placeOf({ functionName: frame.functionName, url: frame.url, lineNumber: frame.lineNumber - 1, columnNumber: frame.columnNumber - 1 }) : null;
        add(forced.where, place ? `${place.source} ${place.fn}` : "unknown", lengthOf(event) / 1000);
      }
      stack.push({ event, childTime: 0 });
    }
    while (stack.length > 0) {
      const frame = stack.pop();
      if (frame) close(frame);
    }
    const outermost = inside.filter((event) => !inside.some((outer) => outer !== event && outer.ts <= event.ts && outer.ts + (outer.dur ?? 0) >= event.ts + (event.dur ?? 0)));
    add(kinds, "other", Math.max(0, (length - outermost.reduce((sum, event) => sum + lengthOf(event), 0)) / 1000));
    // The script's samples in the task: the file each ran in, and the site's own module nearest the work.
    const own = new Map<string, number>();
    const ranIn = new Map<string, number>();
    const functions = new Map<string, number>();
    const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
    inTask.forEach((sample, i) => {
      const next = inTask[i + 1]?.ts ?? end;
      // Samples are taken in wall time: at 4x in CPU mode.
      const ms = (Math.min(next - sample.ts, 2000) / 1000) * (clock === "cpu" ? slowdown : 1);
      const leaf = sample.stack[0];
      if (!leaf || ["(idle)", "(program)", "(root)"].includes(leaf.functionName)) return;
      if (leaf.functionName === "(garbage collector)") return add(ranIn, "garbage collector", ms);
      const places = sample.stack.filter((frame) => frame.url).map(placeOf);
      const first = places[0];
      add(ranIn, first ? first.source : leaf.functionName || "(native)", ms);
      add(functions, first ? `${first.source} ${first.fn}${leaf.url ? "" : ` > ${leaf.functionName}`}` : leaf.functionName || "(native)", ms);
      const mine = places.find((place) => place.own);
      if (mine) add(own, `${mine.source} ${mine.fn}`, ms);
    });
    const found: LongTask = {
      start: (task.ts - origin) / 1000,
      duration: length / 1000,
      afterFirstPaint: task.ts - origin >= firstPaint * 1000,
      kinds,
      entry: entry || "(no event of note)",
      forced,
      own,
      ranIn,
      functions,
      cause: "",
    };
    found.cause = causeOf(found);
    long.push(found);
  }
  const blocking = long.filter((task) => task.afterFirstPaint).reduce((sum, task) => sum + Math.max(0, task.duration - longTaskMs), 0);
  return { firstPaint, appReady, tasks: long, blocking, busy };
}

async function trace(browser: Browser, url: string, control: boolean, name: string): Promise<Traced> {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (clock === "wall") await throttleCpu(cdp);
  if (slowNetwork) await throttleNetwork(cdp);
  // The app's readiness as a user timing mark in the trace (src/app/App.tsx sets data-app-ready).
  await page.addInitScript(() => {
    new MutationObserver((changes, observer) => {
      if (changes.some((change) => change.attributeName === "data-app-ready")) {
        performance.mark("site:app-ready");
        observer.disconnect();
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app-ready"] });
  });
  await browser.startTracing(page, { categories: categories.split(",") });
  const answer = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  if (answer?.status() !== 200) throw new Error(`${url} answered ${String(answer?.status())}`);
  // Asked through the protocol with a plain expression: Playwright's own waiting would evaluate its
  // injected script in the page (330 kB, a long task of its own in the trace).
  for (const started = Date.now(); !control; ) {
    const { result } = (await cdp.send("Runtime.evaluate", { expression: "document.documentElement.hasAttribute('data-app-ready')" })) as { result: { value?: unknown } };
    if (result.value === true) break;
    if (Date.now() - started > 120_000) throw new Error(`${url}: the app was not ready within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await page.waitForTimeout(quietAfterMs);
  const buffer = await browser.stopTracing();
  await context.close();
  if (outDir) {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, `${name}.json`), buffer);
  }
  const { traceEvents } = JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] };
  return analyse(traceEvents, url);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const load = () => loadavg().map((value) => value.toFixed(2)).join(" ");

function printTasks(label: string, traced: Traced) {
  console.log(`\n${label}: first contentful paint ${ms(traced.firstPaint)}${traced.appReady === null ? "" : `, app ready ${ms(traced.appReady)}`}, main thread busy ${ms(traced.busy)}, blocking after first paint ${ms(traced.blocking)}`);
  console.log("| at | task | over 50 ms | time by kind | script ran in | for the site's module | cause |\n|---|---|---|---|---|---|---|");
  for (const task of traced.tasks) {
    const kinds = [...task.kinds.entries()].filter(([, value]) => value >= 1).sort((a, b) => b[1] - a[1]).map(([kind, value]) => `${kind} ${value.toFixed(0)}`).join(", ");
    const forced = task.forced.ms >= 1 ? `; forced style/layout ${task.forced.ms.toFixed(0)} ms (${top(task.forced.where, 2)})` : "";
    console.log(`| ${task.afterFirstPaint ? "*" : " "}${ms(task.start)} | ${ms(task.duration)} ${task.entry} | ${ms(Math.max(0, task.duration - longTaskMs))} | ${kinds}${forced} | ${top(task.ranIn, 3)} | ${top(task.own, 3)} | ${task.cause} |`);
    if (process.env.TRACE_FUNCTIONS === "1") console.log(`|   | functions: ${top(task.functions, 8)} |`);
  }
}

/** TRACE_FILE: a trace saved before (TRACE_OUT), analysed again. */
async function main() {
  if (process.env.TRACE_FILE) {
    const { traceEvents } = JSON.parse(readFileSync(process.env.TRACE_FILE, "utf8")) as { traceEvents: TraceEvent[] };
    printTasks(process.env.TRACE_FILE, analyse(traceEvents));
    return;
  }
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
  console.log(`Chromium ${browser.version()}, ${clock === "cpu" ? "each task's CPU time x4 (at full speed)" : "the CPU 4x slower, wall-clock time"}, network ${slowNetwork ? "slow 4G" : "as is"}, ${String(phone.viewport.width)} px phone; tasks of ${String(Math.min(listedMs, longTaskMs))} ms or more at 4x; * after the first contentful paint`);
  console.log(`load average at start: ${load()}`);
  const summary: string[] = [];
  const baseline = process.env.TRACE_BASELINE;
  const figures = (traced: Traced[]) => `${ms(median(traced.map((t) => t.blocking)))} (${traced.map((t) => t.blocking.toFixed(0)).join(", ")})`;
  for (const which of sites) {
    const open = (dir?: string) => (which === "exported" ? exportedSite(dir) : servedSite(dir));
    const site: BenchSite = await open();
    const earlier = baseline ? await open(baseline) : null;
    const proxy = await withControl(site.url);
    // Through the same kind of proxy as this build's, so all three have the same hop.
    const earlierProxy = earlier ? await withControl(earlier.url) : null;
    try {
      await warm(proxy.asBuilt, pages);
      await warm(proxy.control, pages);
      if (earlierProxy) await warm(earlierProxy.asBuilt, pages);
      for (const path of pages) {
        const variants = [
          { label: "as built", url: proxy.asBuilt, control: false, traced: [] as Traced[] },
          { label: "control (no module script)", url: proxy.control, control: true, traced: [] as Traced[] },
          ...(earlierProxy ? [{ label: `the build in ${String(baseline)}`, url: earlierProxy.asBuilt, control: false, traced: [] as Traced[] }] : []),
        ];
        for (let run = 0; run < runs; run++) {
          // Alternating, and which goes first turns too: a drift of the machine's load falls on each.
          const order = variants.map((_, i) => variants[(i + run) % variants.length]).filter((variant) => variant !== undefined);
          for (const variant of order) {
            const name = `${site.label}${path.replace(/\W+/g, "-")}-${variant.label.split(" ")[0] ?? ""}-${String(run + 1)}`;
            // A trace now and then misses its navigation's events: that load is made again.
            const traced = await trace(browser, `${variant.url}${path}`, variant.control, name).catch(() => trace(browser, `${variant.url}${path}`, variant.control, name));
            variant.traced.push(traced);
            if (run < detailRuns) printTasks(`${site.label} ${path}, ${variant.label}, run ${String(run + 1)} (load average ${load()})`, traced);
          }
        }
        const [built, bare, before] = variants.map((variant) => variant.traced);
        if (!built || !bare) continue;
        const added = median(built.map((t) => t.blocking)) - median(bare.map((t) => t.blocking));
        summary.push(
          `| ${site.label} | ${path} | ${figures(built)} | ${figures(bare)} | ${ms(added)} | ${before ? figures(before) : "–"} | ${ms(median(built.map((t) => t.busy)))} / ${ms(median(bare.map((t) => t.busy)))} | ${ms(median(built.map((t) => (t.appReady ?? Number.NaN) - t.firstPaint)))} | ${load()} |`,
        );
      }
    } finally {
      await proxy.close();
      await site.close();
      await earlierProxy?.close();
      await earlier?.close();
    }
  }
  console.log(`\nMedian of ${String(runs)}, alternating with the control; blocking = the sum of each task's time over 50 ms after the first contentful paint, at 4x`);
  console.log(`| site | page | blocking, as built (runs) | control (runs) | the script adds | ${baseline ? `the build in ${baseline}` : "baseline"} | main thread busy, built / control | app ready after first paint (this load) | load average |\n|---|---|---|---|---|---|---|---|---|`);
  for (const line of summary) console.log(line);
  console.log(`load average at end: ${load()}`);
  } finally {
    await browser.close();
  }
}

await main();
