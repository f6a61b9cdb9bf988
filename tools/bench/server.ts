// Helpers for benches that drive the built server: build when asked or missing, start it with throwaway databases.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds dist/ (client and server) when `force` or when there is no server bundle yet. */
export function ensureBuild(force: boolean, log: (m: string) => void) {
  if (!force && existsSync(join(root, 'dist/server/main.js'))) return;
  log('building');
  for (const a of [
    ['vite', 'build', '--logLevel', 'warn'],
    ['vite', 'build', '--ssr', 'runtime/server/main.ts', '--logLevel', 'warn'],
  ]) {
    if (spawnSync('npx', a, { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
  }
}

export interface BenchServer {
  child: ChildProcess;
  port: number;
  /** Wall time from spawn to listening, in ms. */
  startMs: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts dist/server/main.js (NODE_ENV=production) on loopback with its own databases in a temporary folder. */
/** Whether something already answers on the port (a server an interrupted bench left running). */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect({ host: '127.0.0.1', port }, () => (socket.destroy(), answer(true)));
    socket.on('error', () => answer(false));
  });
}

export async function startServer(port: number, env: Record<string, string> = {}, buildDir = join(root, 'dist'), startTimeoutS = 600): Promise<BenchServer> {
  // Its answers would be measured in place of this build's (it was: a stale build's pages, their scripts 404).
  if (await portAnswers(port)) throw new Error(`port ${port} is in use: stop what listens there, or pick another --port`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const started = performance.now();
  const child = spawn(process.execPath, [join(buildDir, 'server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      EDITOR_PUBLIC_URL: `http://localhost:${port}`,
      // A build serves the tenant documents of its own checkout: an older commit may not accept today's.
      TENANTS_DIR: existsSync(join(dirname(buildDir), 'tenants')) ? join(dirname(buildDir), 'tenants') : join(root, 'tenants'),
      LEADS_DB: join(dir, 'leads.sqlite'),
      ACCOUNTS_DB: join(dir, 'accounts.sqlite'),
      TRADE_IN_DB: join(dir, 'trade-in.sqlite'),
      RESERVATIONS_DB: join(dir, 'reservations.sqlite'),
      TRADE_IN_UPLOADS_DIR: join(dir, 'uploads'),
      EDITOR_DATA_DIR: join(dir, 'editor'),
      ...env,
    },
  });
  let out = '';
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return (rmSync(dir, { recursive: true, force: true }), done());
      child.once('exit', () => (rmSync(dir, { recursive: true, force: true }), done()));
      child.kill('SIGTERM');
    });
  return new Promise((ok, fail) => {
    const timer = setTimeout(
      () => (child.kill('SIGKILL'), fail(new Error(`server did not start in ${startTimeoutS} s:\n${out.slice(-3000)}`))),
      startTimeoutS * 1000,
    );
    child.stdout!.on('data', (c: Buffer) => {
      out += c;
      if (/listening on port/.test(out)) clearTimeout(timer), ok({ child, port, startMs: performance.now() - started, output: () => out, stop });
    });
    child.stderr!.on('data', (c: Buffer) => (out += c));
    child.on('exit', (code, signal) => (clearTimeout(timer), fail(new Error(`server exited (${code ?? signal}):\n${out.slice(-3000)}`))));
  });
}

/** A page's status and HTML from the server on `port` with the site's Host header (Node's fetch ignores a custom Host). */
function answerOf(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((ok) => {
    request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (c) => (body += c))
        .on('end', () => ok({ status: res.statusCode ?? 0, body }));
    })
      .on('error', () => ok({ status: 0, body: '' }))
      .end();
  });
}

/** A page's HTML from the server on `port` with the site's Host header; '' on error. */
export const htmlOf = async (port: number, host: string, path: string) => (await answerOf(port, host, path)).body;

/** A location's page of a site, as linked from its home or contact page (undefined when neither links one). */
export async function locationPathOf(port: number, host: string): Promise<string | undefined> {
  const links = `${await htmlOf(port, host, '/')}${await htmlOf(port, host, '/contact')}`;
  return links.match(/href="(\/(?:our-location|locations)\/[^"#/?]+)"/)?.[1];
}

/**
 * The page types a browser bench visits on a demo site: home, search, a car from its search page, a content page, the
 * finance and trade-in pages and a location (the page types `npm run screenshots` shoots), each where the site answers
 * it with a page of its own (a site whose finance page asks shoppers to sign in first redirects it to the sign-in page).
 */
export async function benchPages(port: number, slug: string): Promise<[name: string, path: string][]> {
  const doc = JSON.parse(readFileSync(join(root, 'tenants', `${slug}.json`), 'utf8')) as { pages?: Record<string, unknown> };
  const host = `${slug}.localhost`;
  const vehicle = (await htmlOf(port, host, '/search')).match(/href="(\/cars\/[^"#/?]+)"/)?.[1];
  const contentPage = ['/about-us', '/contact', '/finance'].find((p) => doc.pages?.[p]) ?? '/about-us';
  const location = await locationPathOf(port, host);
  const pages: [string, string | undefined][] = [
    ['home', '/'],
    ['search', '/search'],
    ['vehicle', vehicle],
    ['content', contentPage],
    ['finance', '/finance'],
    ['trade-in', '/trade-in'],
    ['location', location],
  ];
  const found = pages.filter((p): p is [string, string] => p[1] !== undefined);
  const answered = await Promise.all(found.map(([, path]) => answerOf(port, host, path)));
  return found.filter((_, i) => answered[i]?.status === 200);
}

/** How the browser benches launch Debian's Chromium (never a downloaded browser), as the e2e tests do. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
};
