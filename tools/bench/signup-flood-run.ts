// The sign-up flood bench's work (tools/bench/signup-flood.ts loads this through Vite and describes it).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../test-support/editor';
import { PASSWORD_HASHING_LIMITS, passwordHashing } from '../../runtime/passwords/hashing';
import { cookieOf } from '../../test-support/cookies';

const LOOPS = 8;
const PAGE_P99_LIMIT_MS = 200;
const SITE = 'big-sky-cars';
const HOST = `${SITE}.localhost`;

interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: { host: HOST, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(120_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

interface PhaseResult {
  name: string;
  page: number[];
  file: number[];
  answers: Map<string, number>;
  peakHashing: number;
}

/** One phase: LOOPS sign-up loops for `seconds`, while the page and the static file are fetched one after another. */
async function phase(app: TestApp, name: string, seconds: number, addressOf: (loop: number, i: number) => string): Promise<PhaseResult> {
  const port = app.port;
  const first = await send(port, 'GET', '/api/account', {});
  const csrf = JSON.parse(first.body).csrfToken as string;
  const cookie = ([] as string[])
    .concat(first.headers['set-cookie'] ?? [])
    .map((c) => cookieOf(c))
    .join('; ');
  const deadline = performance.now() + seconds * 1000;
  const answers = new Map<string, number>();
  const count = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
  passwordHashing.resetStats();
  const tag = `${name.replace(/\W+/g, '-')}-${Date.now().toString(36)}`;
  const loops = Array.from({ length: LOOPS }, async (_, loop) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const body = JSON.stringify({ name: 'Flood', email: `flood-${tag}-${loop}-${i}@example.com`, password: 'a long enough password' });
      try {
        const a = await send(
          port,
          'POST',
          '/api/account/sign-up',
          { cookie, 'x-csrf-token': csrf, origin: `http://${HOST}`, 'content-type': 'application/json', 'x-forwarded-for': addressOf(loop, i) },
          body,
        );
        count(String(a.status));
      } catch {
        count('no answer');
      }
    }
  });
  const probe = async (path: string, headers: Record<string, string>, into: number[]) => {
    while (performance.now() < deadline) {
      const t = performance.now();
      const a = await send(port, 'GET', path, headers);
      into.push(performance.now() - t);
      if (a.status !== 200) count(`${path} answered ${a.status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const page: number[] = [];
  const file: number[] = [];
  await Promise.all([...loops, probe('/', { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' }, page), probe('/assets/app.js', {}, file)]);
  return { name, page: page.sort((a, b) => a - b), file: file.sort((a, b) => a - b), answers, peakHashing: passwordHashing.stats().peakRunning };
}

function print(mode: string, results: PhaseResult[]) {
  console.log(`\n${mode}`);
  for (const r of results) {
    const answers = ['201', '429', '503', ...[...r.answers.keys()].filter((k) => !['201', '429', '503'].includes(k))]
      .map((k) => `${k}: ${r.answers.get(k) ?? 0}`)
      .join(', ');
    console.log(
      `  ${r.name.padEnd(22)} page p50 ${ms(percentile(r.page, 50)).padStart(8)}  p99 ${ms(percentile(r.page, 99)).padStart(8)} (${r.page.length})   ` +
        `static p50 ${ms(percentile(r.file, 50)).padStart(8)}  p99 ${ms(percentile(r.file, 99)).padStart(8)} (${r.file.length})   ` +
        `sign-ups ${answers}; at most ${r.peakHashing} scrypt calls at once`,
    );
  }
}

export async function runSignupFlood(args: string[]): Promise<number> {
  const at = args.indexOf('--seconds');
  const seconds = at >= 0 ? Number(args[at + 1]) : 8;
  const afterOnly = args.includes('--after-only');
  const clientDir = mkdtempSync(join(tmpdir(), 'signup-flood-client-'));
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'assets', 'app.js'), 'console.log("app");\n');
  console.log(`starting the app (staff passwords hashed at their real cost; ${LOOPS} sign-up loops, ${seconds} s per phase)`);
  const app = await startTestApp({ clientDir });
  try {
    // Warm up: the first render of the page and the first read of the file are not what is measured.
    for (let i = 0; i < 5; i++) await Promise.all([send(app.port, 'GET', '/', { 'accept-encoding': 'gzip' }), send(app.port, 'GET', '/assets/app.js', {})]);
    const run = async (mode: number) => [
      await phase(app, 'from one address', seconds, () => `10.201.${mode}.1`),
      await phase(app, 'rotating addresses', seconds, (loop, i) => `10.${202 + mode}.${loop}.${i % 250}`),
    ];
    if (!afterOnly) {
      passwordHashing.configure({ concurrency: Number.POSITIVE_INFINITY, maxQueued: Number.POSITIVE_INFINITY });
      print('before: no hashing queue (every scrypt straight onto the thread pool; the sign-up rate limit stays on)', await run(1));
    }
    passwordHashing.configure(PASSWORD_HASHING_LIMITS);
    const after = await run(2);
    const { concurrency, maxQueued } = PASSWORD_HASHING_LIMITS;
    print(`after: hashing queue (${concurrency} at once, ${maxQueued} waiting)`, after);
    const worst = Math.max(...after.map((r) => percentile(r.page, 99)));
    console.log(`\npage p99 after: ${ms(worst)} (limit ${PAGE_P99_LIMIT_MS} ms): ${worst < PAGE_P99_LIMIT_MS ? 'ok' : 'FAIL'}`);
    return worst < PAGE_P99_LIMIT_MS ? 0 : 1;
  } finally {
    agent.destroy();
    await app.close();
  }
}
