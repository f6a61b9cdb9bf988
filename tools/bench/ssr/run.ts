// Server rendering bench: npm run bench:ssr [-- --seconds 8] [--rounds 3] [--warm-up 5] [--tenant big-sky-cars] [--before DIR] [--build] [--pages home,search,vehicle]
//
// Starts the production server (dist/, NODE_ENV=production; built with --build or when missing) and the reference
// app beside it (tools/bench/ssr/reference.tsx: minimal Express + React 19 renderToString rendering the same HTML,
// captured from the product's home, search and vehicle pages), then drives each with autocannon at 1 and 10
// connections, one after the other in the same run, and prints pages per second, latency p50/p99 and CPU per request
// (the server process's user+system time over the requests it answered) with the product/reference ratio.
// "product" is the server as deployed (its page cache serves repeat visits to a page); "uncached" is the same build with
// PAGE_CACHE_TTL_MS=0, so every request renders (the cost of a first visit, a cache miss).
// --before DIR adds another build of the product (DIR/dist, serving DIR/tenants when there is one: an older commit
// may not accept today's documents) to the same run, for before/after figures; each build's vehicle page is the first
// car of its own search page.
// --before DIR also runs that build without its page cache ("before-unc"), so a cache miss is compared before/after.
// Target (issue 17): product CPU per request at most 1.5x the reference on every page type, served from the cache and
// on a cache miss ("uncached", which also runs the page's loaders and searches). Exit 1 when either is over.
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import type { HtmlNode } from './reference';
import { optionValue } from '../option';
import { itemAt } from '../../../test-support/at-least';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  return optionValue(args, name, fallback);
};
const SECONDS = Number(opt('seconds', '8'));
const WARM_UP_SECONDS = Number(opt('warm-up', '5'));
const ROUNDS = Number(opt('rounds', '3'));
const TENANT = opt('tenant', 'big-sky-cars');
const BEFORE = args.includes('--before') ? resolve(opt('before', '')) : undefined;
const BASE_PORT = Number(opt('port', '4101'));
const TARGET_RATIO = 1.5;
const HOST = `${TENANT}.localhost`;
const work = mkdtempSync(join(tmpdir(), 'ssr-bench-'));
const children: ChildProcess[] = [];
const log = (m: string) => console.log(`[bench:ssr] ${m}`);

if (args.includes('--build') || !existsSync(join(root, 'dist/server/main.js'))) {
  log('building');
  for (const a of [
    ['vite', 'build', '--logLevel', 'warn'],
    ['vite', 'build', '--ssr', 'runtime/server/main.ts', '--logLevel', 'warn'],
  ]) {
    if (spawnSync('npx', a, { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
  }
}

function start(name: string, argv: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, argv, { cwd: root, env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((ok, fail) => {
    // The server's output is read as it comes (a full pipe would stall its log writes) and only its last 3,000
    // characters are kept, for the message when it fails: the request log of a whole run must cost the bench nothing.
    let out = '';
    let started = false;
    const timer = setTimeout(() => fail(new Error(`${name} did not start in 120 s:\n${out}`)), 120_000);
    const seen = (chunk: Buffer) => {
      out = (out + chunk).slice(-3000);
      if (!started && ready.test(out)) (started = true), clearTimeout(timer), ok(child);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (c: Buffer) => (out = (out + c).slice(-3000)));
    child.on('exit', (code, signal) => {
      if (!stopping) console.error(`[bench:ssr] ${name} exited (${code ?? signal}):\n${out.slice(-3000)}`);
      fail(new Error(`${name} exited (${code ?? signal})`));
    });
  });
}

/**
 * `checkout`: the build's checkout (its `dist` and its own tenant documents: a build of an older commit may not accept
 * today's documents).
 */
function startProduct(name: string, checkout: string, port: number, extraEnv: Record<string, string> = {}) {
  const dir = join(work, name);
  const buildDir = join(checkout, 'dist');
  return start(
    name,
    [join(buildDir, 'server/main.js')],
    {
      ...extraEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      EDITOR_PUBLIC_URL: `http://localhost:${port}`,
      TENANTS_DIR: existsSync(join(checkout, 'tenants')) ? join(checkout, 'tenants') : join(root, 'tenants'),
      LEADS_DB: join(dir, 'leads.sqlite'),
      ACCOUNTS_DB: join(dir, 'accounts.sqlite'),
      TRADE_IN_DB: join(dir, 'trade-in.sqlite'),
      RESERVATIONS_DB: join(dir, 'reservations.sqlite'),
      TRADE_IN_UPLOADS_DIR: join(dir, 'uploads'),
      EDITOR_DATA_DIR: join(dir, 'editor'),
    },
    /listening on port/,
  );
}

function get(port: number, path: string, host = HOST): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (c) => (body += c))
        .on('end', () => ok({ status: res.statusCode ?? 0, body }));
    })
      .on('error', fail)
      .end();
  });
}

/** The page's element tree, for the reference app to render with React. */
function capture(html: string): HtmlNode {
  const { document, Node } = new JSDOM(html).window;
  const walk = (el: Element): HtmlNode => {
    const attrs: Record<string, string> = {};
    for (const a of Array.from(el.attributes)) attrs[a.name] = a.value;
    const tag = el.tagName.toLowerCase();
    if (tag === 'script' || tag === 'style') return { tag, attrs, children: [], raw: el.textContent ?? '' };
    const children: HtmlNode[] = [];
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) children.push(child.textContent ?? '');
      else if (child.nodeType === Node.ELEMENT_NODE) children.push(walk(child as Element));
    }
    return { tag: el.tagName.includes(':') ? tag : el.namespaceURI === 'http://www.w3.org/2000/svg' ? el.tagName : tag, attrs, children };
  };
  return walk(document.documentElement);
}

/** User + system CPU time of a process (all its threads), in milliseconds. */
function cpuMs(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  cpuPerRequest: number;
  errors: number;
}

async function drive(pid: number, port: number, path: string, connections: number, host: string): Promise<Figures> {
  const url = `http://127.0.0.1:${port}${path}`;
  await autocannon({ url, connections, duration: 1, headers: { host } }); // warm-up at this concurrency (the servers are warm)
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections, duration: SECONDS, headers: { host } });
  const cpu = cpuMs(pid) - before;
  const answered = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: answered ? cpu / answered : NaN,
    errors: result.errors + result.non2xx,
  };
}

/** Each figure's median over the rounds (CPU per request, pages per second and latencies apart). */
function median(runs: Figures[]): Figures {
  const mid = (pick: (f: Figures) => number) => {
    const values = runs.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? Number.NaN;
  };
  return {
    rps: mid((f) => f.rps),
    p50: mid((f) => f.p50),
    p99: mid((f) => f.p99),
    cpuPerRequest: mid((f) => f.cpuPerRequest),
    errors: runs.reduce((n, f) => n + f.errors, 0),
  };
}

let stopping = false;
/** Stops every server (SIGTERM, then SIGKILL after 5 s, saying which did not drain: a server must never outlive the bench). */
const cleanup = async () => {
  stopping = true;
  await Promise.all(
    children
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map(async (c) => {
        const exited = new Promise((done) => c.once('exit', done));
        c.kill('SIGTERM');
        const timer = setTimeout(() => {
          log(`process ${c.pid} did not exit within 5 s of SIGTERM; killing it`);
          c.kill('SIGKILL');
        }, 5_000);
        await exited;
        clearTimeout(timer);
      }),
  );
  rmSync(work, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

try {
  const products: { name: string; child: ChildProcess; port: number; paths?: Record<string, string> }[] = [];
  const pathOf = (p: (typeof products)[number], page: string) => {
    const path = p.paths?.[page];
    if (!path) throw new Error(`${p.name} has no ${page} page`);
    return path;
  };
  log(`starting the product (dist) on ${BASE_PORT + 1}`);
  products.push({ name: 'product', child: await startProduct('product', root, BASE_PORT + 1), port: BASE_PORT + 1 });
  log(`starting the product without its page cache (PAGE_CACHE_TTL_MS=0) on ${BASE_PORT + 2}`);
  products.push({
    name: 'uncached',
    child: await startProduct('uncached', root, BASE_PORT + 2, { PAGE_CACHE_TTL_MS: '0' }),
    port: BASE_PORT + 2,
  });
  if (BEFORE) {
    log(`starting the product before (${BEFORE}/dist) on ${BASE_PORT + 3}`);
    products.push({ name: 'before', child: await startProduct('before', BEFORE, BASE_PORT + 3), port: BASE_PORT + 3 });
    log(`starting the product before without its page cache on ${BASE_PORT + 4}`);
    products.push({
      name: 'before-unc',
      child: await startProduct('before-unc', BEFORE, BASE_PORT + 4, { PAGE_CACHE_TTL_MS: '0' }),
      port: BASE_PORT + 4,
    });
  }
  const only = opt('pages', 'home,search,vehicle').split(',');
  // Each server's own pages: its vehicle page is the first car of its own search page (an older build's stock differs).
  for (const p of products) {
    const search = await get(p.port, '/search');
    const vehicle = search.body.match(/href="(\/cars\/[^"#/?]+)"/)?.[1];
    if (!vehicle) throw new Error(`no vehicle link on ${p.name}'s search page`);
    p.paths = Object.fromEntries(Object.entries({ home: '/', search: '/search', vehicle }).filter(([name]) => only.includes(name)));
    for (const path of Object.values(p.paths)) {
      const page = await get(p.port, path);
      if (page.status !== 200) throw new Error(`${p.name}: ${path} answered ${page.status}`);
    }
  }
  const product = itemAt(products, 0, 'the servers measured');
  const pages = product.paths!;
  const captured: Record<string, HtmlNode> = {};
  const sizes: Record<string, number> = {};
  for (const [name, path] of Object.entries(pages)) {
    const page = await get(product.port, path);
    if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
    sizes[name] = Buffer.byteLength(page.body);
    captured[name] = capture(page.body);
  }
  const pagesFile = join(work, 'pages.json');
  writeFileSync(pagesFile, JSON.stringify(captured));
  log(`starting the reference on ${BASE_PORT}`);
  const reference = await start(
    'reference',
    ['--import', 'tsx', join(root, 'tools/bench/ssr/reference.tsx')],
    { PORT: String(BASE_PORT), REFERENCE_PAGES: pagesFile },
    /listening/,
  );
  for (const name of Object.keys(pages)) {
    const ref = await get(BASE_PORT, `/${name}`, 'localhost');
    log(`${name} (${pages[name]}): product HTML ${sizes[name]} bytes, reference HTML ${Buffer.byteLength(ref.body)} bytes`);
  }

  // Warm-up: every server renders every page for WARM_UP_SECONDS before the first measurement. V8 compiles the hot
  // code on background threads over the first thousands of renders (all counted as the server's CPU): measured right
  // after a 2 s warm-up, the first run of a server cost up to 1.4x its later runs, the product's far larger code more
  // than the reference's. A production process runs for days; the figures are its steady state.
  log(`warming up every server on every page (${WARM_UP_SECONDS} s each)`);
  for (const name of Object.keys(pages)) {
    await autocannon({ url: `http://127.0.0.1:${BASE_PORT}/${name}`, connections: 1, duration: WARM_UP_SECONDS, headers: { host: 'localhost' } });
    for (const p of products)
      await autocannon({ url: `http://127.0.0.1:${p.port}${pathOf(p, name)}`, connections: 1, duration: WARM_UP_SECONDS, headers: { host: HOST } });
  }
  const rows: string[] = [];
  let over = false;
  const fmt = (f: Figures) =>
    `${f.rps.toFixed(0).padStart(6)} pages/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  CPU ${f.cpuPerRequest.toFixed(2).padStart(6)} ms/req${f.errors ? `  (${f.errors} errors)` : ''}`;
  for (const name of Object.keys(pages)) {
    for (const connections of [1, 10]) {
      // Rounds alternate the servers (reference, product, uncached, ...) and each figure is the median of its rounds: a
      // busy neighbour on a shared machine then weighs on every server alike rather than on whichever ran at the time.
      const runs: Figures[][] = [[], ...products.map(() => [])];
      for (let round = 0; round < ROUNDS; round++) {
        itemAt(runs, 0, 'the rounds').push(await drive(reference.pid!, BASE_PORT, `/${name}`, connections, 'localhost'));
        for (const [i, p] of products.entries()) itemAt(runs, i + 1, 'the rounds').push(await drive(p.child.pid!, p.port, pathOf(p, name), connections, HOST));
      }
      const [ref, ...figures] = runs.map(median);
      if (!ref) throw new Error('no reference figures');
      rows.push(`${name.padEnd(8)} c=${String(connections).padEnd(2)} reference  ${fmt(ref)}`);
      for (const [i, p] of products.entries()) {
        const f = itemAt(figures, i, 'the figures');
        const ratio = f.cpuPerRequest / ref.cpuPerRequest;
        // The target holds for the deployed server and for a cache miss (every first visit renders).
        const judged = p.name === 'product' || p.name === 'uncached';
        if (judged && ratio > TARGET_RATIO) over = true;
        rows.push(
          `${name.padEnd(8)} c=${String(connections).padEnd(2)} ${p.name.padEnd(10)} ${fmt(f)}  CPU ratio ${ratio.toFixed(2)}x${judged ? (ratio > TARGET_RATIO ? '  OVER target' : '  ok') : ''}`,
        );
      }
      console.log(rows.slice(-1 - products.length).join('\n'));
    }
  }
  console.log(`\nbench:ssr (${TENANT}, median of ${ROUNDS} rounds of ${SECONDS} s, target CPU ratio <= ${TARGET_RATIO}x)\n${rows.join('\n')}`);
  await cleanup();
  process.exit(over ? 1 : 0);
} catch (error) {
  console.error(error);
  await cleanup();
  process.exit(2);
}
