// Long-task bench: npm run bench:long-tasks [-- --tenant big-sky-cars|all] [--pages vehicle,home] [--runs 3] [--cpu 4]
//   [--port 4108] [--base http://127.0.0.1:4241: measure a server already running] [--dist DIR] [--top 8] [--save DIR]
//
// What runs on the main thread while a page loads on a phone: records a Chromium performance trace (Lighthouse's
// mobile viewport, the CPU profiler on) and lists each long task, what it was (parsing, layout, a script, a timer) and
// the functions that took its time (self time, by function and by the site's code calling library code). As
// Lighthouse's simulated mobile throttling does, a task's length is its unthrottled length times --cpu (4); here the
// thread's CPU time is used rather than the wall time, so other processes on a busy machine count less. Prints the
// total blocking time after the first paint (Lighthouse's TBT without its end at interactive) and over the whole load.
// Figures are of Lighthouse's order, not equal: compare builds (--dist DIR, DIR/dist) in the same minute.
import { chromium, type Browser } from '@playwright/test';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchPages, CHROMIUM_LAUNCH, ensureBuild, htmlOf, root, startServer, type BenchServer } from './server';
import { optionValue } from './option';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  return optionValue(args, name, fallback);
};
const RUNS = Number(opt('runs', '3'));
const CPU = Number(opt('cpu', '4'));
const TOP = Number(opt('top', '8'));
const base = opt('base', '');
const PORT = base ? Number(new URL(base).port) : Number(opt('port', '4108'));
const pageArg = opt('pages', 'vehicle');
const tenantArg = opt('tenant', 'big-sky-cars');
const saveDir = opt('save', '');
const tenants =
  tenantArg === 'all'
    ? readdirSync(join(root, 'tenants'))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -5))
    : [tenantArg];
const log = (m: string) => console.log(`[bench:long-tasks] ${m}`);
const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (µs). */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> & { frame?: string; url?: string; functionName?: string } };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface LongTask {
  start: number;
  dur: number;
  /** What the task ran, its largest direct parts (event name and script). */
  parts: string[];
  /** Self time (ms) by function. */
  functions: [string, number][];
  /** Time (ms) by the nearest function of the site's own code on the stack (not React's nor the router's). */
  callers: [string, number][];
}

/** Library chunks whose functions say little by themselves: their time is shown under the site code calling them. */
const LIBRARY = /\/assets\/(react|router|keen-slider)[^/]*\.js$/;

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') || '(page)';

/** The long tasks of the page's main thread, with what they ran and the functions that took their time. */
function analyse(events: TraceEvent[], pageUrl: string) {
  // The page's renderer main thread: the one that parsed the page's HTML.
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && String(e.args?.data?.url ?? (e.args as { beginData?: { url?: string } })?.beginData?.url ?? '').startsWith(pageUrl),
  );
  const mainThread = parse ?? events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!mainThread) throw new Error('no renderer main thread in the trace');
  const { pid, tid } = mainThread;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? Math.min(...onMain.map((e) => e.ts));
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts;
  // CPU profile samples (ProfileChunk events, in the trace's clock), each with the time until the next sample.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid)) {
    const data = chunk.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    // Each chunk's time deltas go on from the last sample, the first from the profile's start.
    let ts = samples.at(-1)?.ts ?? Number(events.find((e) => e.name === 'Profile' && e.pid === pid && e.id === chunk.id)?.args?.data?.startTime ?? chunk.ts);
    const ids = data?.cpuProfile?.samples ?? [];
    (data?.timeDeltas ?? []).forEach((delta, i) => {
      ts += delta;
      const node = ids[i];
      if (node !== undefined) samples.push({ ts, node });
    });
  }
  samples.sort((a, b) => a.ts - b.ts);
  const frameName = (id: number) => {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return '?';
    const where = frame.url ? ` ${short(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : '';
    return `${frame.functionName || '(anonymous)'}${where}`;
  };
  const tasks: LongTask[] = [];
  // A task's length at the slowed-down CPU (ms).
  const slowed = (e: TraceEvent) => ((e.tdur ?? e.dur ?? 0) / 1000) * CPU;
  for (const task of onMain.filter((e) => e.ph === 'X' && e.name === 'RunTask' && slowed(e) > LONG_TASK_MS)) {
    // Profile samples are in wall time: scaled to the task's slowed-down CPU time.
    const scale = slowed(task) / ((task.dur ?? 1) / 1000);
    const end = task.ts + (task.dur ?? 0);
    // Scheduler wrappers say nothing about the work: their contents do.
    const inside = onMain.filter(
      (e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 1000 && !/RunTask|PerformMicrotaskCheckpoint/.test(e.name),
    );
    // Direct parts: events inside the task not inside another event inside it.
    const parts = inside
      .filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.dur ?? 0) > (e.dur ?? 0)))
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 4)
      .map((e) => {
        const d = e.args?.data ?? {};
        const what = d.url ?? d.functionName ?? (d as { type?: string }).type ?? '';
        return `${e.name}${what ? ` ${short(String(what))}` : ''} ${slowed(e).toFixed(0)} ms`;
      });
    const self = new Map<string, number>();
    const byCaller = new Map<string, number>();
    for (let i = 0; i < samples.length - 1; i++) {
      const s = samples[i];
      const next = samples[i + 1];
      if (!s || !next || s.ts < task.ts || s.ts >= end) continue;
      const ms = ((next.ts - s.ts) / 1000) * scale;
      const name = frameName(s.node);
      self.set(name, (self.get(name) ?? 0) + ms);
      let caller: number | undefined = s.node;
      while (caller !== undefined && (!nodes.get(caller)?.callFrame.url || LIBRARY.test(nodes.get(caller)?.callFrame.url ?? '')))
        caller = nodes.get(caller)?.parent;
      if (caller !== undefined && caller !== s.node) byCaller.set(frameName(caller), (byCaller.get(frameName(caller)) ?? 0) + ms);
    }
    const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    tasks.push({ start: (task.ts - navigation) / 1000, dur: slowed(task), parts, functions: top(self), callers: top(byCaller) });
  }
  const blocking = (after: number) => tasks.filter((t) => t.start * 1000 + navigation >= after).reduce((sum, t) => sum + t.dur - LONG_TASK_MS, 0);
  return { tasks, fcp: fcp ? (fcp - navigation) / 1000 : undefined, tbtAfterFcp: blocking(fcp ?? navigation), tbtAll: blocking(navigation) };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
  'toplevel',
];

async function traceLoad(browser: Browser, url: string) {
  const context = await browser.newContext({
    // Lighthouse's mobile device (a Moto G Power).
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'load' });
  // One small script waits for the mark (no polling, so the trace holds the page's own work only).
  const hydrated = await page
    .evaluate(
      () =>
        new Promise<boolean>((done) => {
          if (document.documentElement.hasAttribute('data-hydrated')) return done(true);
          new MutationObserver(() => document.documentElement.hasAttribute('data-hydrated') && done(true)).observe(document.documentElement, {
            attributes: true,
          });
          setTimeout(() => done(false), 60_000);
        }),
    )
    .catch(() => false);
  if (!hydrated) log(`${url}: html[data-hydrated] not set in 60 s`);
  // What runs after load (blocks hydrating when idle, timers) counts too: a quiet moment after.
  await page.waitForTimeout(3000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  await context.close();
  return trace;
}

if (!base && !args.includes('--dist')) ensureBuild(args.includes('--build'), log);
if (saveDir) mkdirSync(saveDir, { recursive: true });
const server: BenchServer | undefined = base ? undefined : await startServer(PORT, {}, args.includes('--dist') ? join(opt('dist', ''), 'dist') : undefined);
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const summary: string[] = [];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
try {
  for (const slug of tenants) {
    const pages = await benchPages(PORT, slug);
    for (const [name, path] of pages.filter(([name]) => pageArg === 'all' || pageArg.split(',').includes(name))) {
      const url = `http://${slug}.localhost:${PORT}${path}`;
      await htmlOf(PORT, `${slug}.localhost`, path); // the page cache warm, as in bench:lighthouse
      const figures: { after: number; all: number; count: number }[] = [];
      for (let run = 0; run < RUNS; run++) {
        const trace = await traceLoad(browser, url);
        if (saveDir) writeFileSync(join(saveDir, `${slug}-${name}-${run + 1}.trace.json`), JSON.stringify(trace));
        const { tasks, fcp, tbtAfterFcp, tbtAll } = analyse(trace.traceEvents, url);
        figures.push({ after: tbtAfterFcp, all: tbtAll, count: tasks.length });
        console.log(
          `\n${slug} ${name} run ${run + 1}: FCP ${fcp?.toFixed(0) ?? '?'} ms, blocking after FCP ${tbtAfterFcp.toFixed(0)} ms, all ${tbtAll.toFixed(0)} ms`,
        );
        for (const task of tasks) {
          console.log(`  long task at ${task.start.toFixed(0)} ms (unthrottled), ${task.dur.toFixed(0)} ms: ${task.parts.join('; ')}`);
          for (const [fn, ms] of task.functions) console.log(`      ${ms.toFixed(1).padStart(7)} ms  ${fn}`);
          if (task.callers.length) console.log('    by the site code calling library code:');
          for (const [fn, ms] of task.callers) console.log(`      ${ms.toFixed(1).padStart(7)} ms  ${fn}`);
        }
      }
      summary.push(
        `${slug.padEnd(30)} ${name.padEnd(8)} blocking after FCP ${String(Math.round(median(figures.map((f) => f.after)))).padStart(5)} ms  all ${String(Math.round(median(figures.map((f) => f.all)))).padStart(5)} ms  long tasks ${median(figures.map((f) => f.count))}`,
      );
    }
  }
  console.log(`\nbench:long-tasks (${CPU}x CPU slowdown, mobile viewport, median of ${RUNS})\n${summary.join('\n')}`);
} finally {
  await browser.close();
  await server?.stop();
}
