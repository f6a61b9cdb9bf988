// The system the fault scenarios break: PostgreSQL, three built server processes behind the recipe's nginx, a
// Meilisearch stub, a test CRM and an SMTP sink, each dependency reached through its own fault proxy (proxy.ts), so a
// scenario can stop, slow, cut or partition it. Loopback only; every process here is started, and ended, by the run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';
import { startMailSink, type MailSink } from '../lib/mail-sink';
import { AccountStore } from '../../runtime/editor/accounts';
import { accountsFile } from '../../runtime/editor/paths';
import { freshSchemaUrl } from '../../runtime/server/test-postgres';
import { startTestCrm, tenantsDeliveringTo, type LeadSite, type TestCrm } from '../bench/test-crm';
import { startNginx, type RunningNginx } from '../deploy/nginx';
import { startMeilisearchStub, type MeilisearchStub } from '../../test-support/meilisearch-stub';
import { startFaultProxy, type FaultProxy } from './proxy';
import { itemAt } from '../../test-support/at-least';

export const STAFF = { email: 'faults@example.com', password: 'faults-test-2026' };
export const EDITOR_SITE = 'harbourside-mazda';
const MEILI_KEY = 'faults-master-key-0123456789';

// biome-ignore lint/suspicious/noExplicitAny: the scenarios read fields of JSON answers whose shape their assertions check
export type Answer = { status: number; headers: Record<string, unknown>; text: string; json: any; ms: number };

/** One HTTP request on loopback; a network error or no answer within `timeoutMs` is status 0. */
export function call(
  port: number,
  method: string,
  path: string,
  options: { host?: string; body?: unknown; raw?: Buffer; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const text = options.raw ?? (options.body === undefined ? '' : JSON.stringify(options.body));
  const started = performance.now();
  return new Promise((resolvePromise) => {
    const done = (a: Omit<Answer, 'ms'>) => resolvePromise({ ...a, ms: performance.now() - started });
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        headers: {
          host: options.host ?? `127.0.0.1:${port}`,
          ...(text.length ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = data ? JSON.parse(data) : null;
          } catch {
            // not JSON
          }
          done({ status: res.statusCode ?? 0, headers: res.headers, text: data, json });
        });
        res.on('aborted', () => done({ status: 0, headers: {}, text: 'aborted', json: null }));
      },
    );
    req.on('error', (e) => done({ status: 0, headers: {}, text: String(e), json: null }));
    req.setTimeout(options.timeoutMs ?? 20_000, () => req.destroy(new Error('no answer in time')));
    req.end(text);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Cluster {
  root: string;
  ports: number[];
  nginx: RunningNginx;
  databaseUrl: string;
  /** Per process: its own proxy to PostgreSQL (a partition cuts one process only). */
  pgProxies: FaultProxy[];
  meiliProxy: FaultProxy;
  crmProxy: FaultProxy;
  smtpProxy: FaultProxy;
  crm: TestCrm;
  sink: MailSink;
  leadSites: LeadSite[];
  logs: string[];
  start(i: number): void;
  /** SIGTERM (or the signal given) to process i; resolves with its exit code. */
  stop(i: number, signal?: NodeJS.Signals): Promise<number | null>;
  waitReady(i: number, withinMs?: number): Promise<boolean>;
  pgStop(): void;
  pgStart(): void;
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function startCluster(root: string, basePort: number): Promise<Cluster> {
  const cleanups: (() => unknown)[] = [];
  try {
    return await startParts(root, basePort, cleanups);
  } catch (error) {
    // What started before the failure (PostgreSQL, processes, proxies) goes too.
    for (const c of cleanups) await Promise.resolve(c()).catch(() => {});
    throw error;
  }
}

async function startParts(root: string, basePort: number, cleanups: (() => unknown)[]): Promise<Cluster> {
  // PostgreSQL: Debian's, a private throwaway cluster (tools/ci/postgres.sh), so the run may stop and start it.
  // Its port is the run's (basePort + 27) when free, else one the kernel picks.
  const pgPortWanted = (await portFree(basePort + 27)) ? { PGCI_PORT: String(basePort + 27) } : {};
  const started = spawnSync('bash', [join(root, 'tools/ci/postgres.sh')], { encoding: 'utf8', env: { ...process.env, ...pgPortWanted } });
  if (started.status !== 0) throw new Error(`could not start PostgreSQL: ${started.stderr}`);
  const baseUrl = started.stdout.trim();
  const pgDir = /stop it with: tools\/ci\/postgres.sh stop (\S+)/.exec(started.stderr)?.[1];
  if (!pgDir) throw new Error(`PostgreSQL started without its folder: ${started.stderr}`);
  cleanups.push(() => spawnSync('bash', [join(root, 'tools/ci/postgres.sh'), 'stop', pgDir], { stdio: 'ignore' }));
  const pgPort = Number(new URL(baseUrl).port);
  const pgBin = spawnSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'], { encoding: 'utf8' }).stdout.trim();
  const asPostgres = ([command, ...args]: [string, ...string[]]) =>
    process.getuid?.() === 0
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
  const pgStop = () => void asPostgres([`${pgBin}/pg_ctl`, '-D', `${pgDir}/data`, '-m', 'fast', '-w', 'stop']);
  const pgStart = () =>
    void asPostgres([
      `${pgBin}/pg_ctl`,
      '-D',
      `${pgDir}/data`,
      '-l',
      `${pgDir}/server.log`,
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${pgPort} -k ${pgDir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
  const databaseUrl = await freshSchemaUrl(baseUrl, 'faults');

  const crm = await startTestCrm();
  cleanups.push(() => crm.close());
  const sink = await startMailSink();
  cleanups.push(() => sink.close());
  const meili = await startMeilisearchStub({ masterKey: MEILI_KEY });
  cleanups.push(() => meili.close());
  const ports = [1, 2, 3].map((n) => basePort + n);
  const portOf = (i: number) => itemAt(ports, i, 'the process ports');
  const pgProxies = await Promise.all(ports.map((_, i) => startFaultProxy({ host: '127.0.0.1', port: pgPort }, basePort + 4 + i)));
  const meiliProxy = await startFaultProxy(hostPort(meili), basePort + 7);
  const crmProxy = await startFaultProxy(hostPort(crm), basePort + 8);
  const smtpProxy = await startFaultProxy(hostPort(sink), basePort + 9);
  for (const p of [...pgProxies, meiliProxy, crmProxy, smtpProxy]) cleanups.push(() => p.close());

  const work = mkdtempSync(join(tmpdir(), 'faults-'));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const tenantsDir = join(work, 'tenants');
  const leadSites = tenantsDeliveringTo(join(root, 'tenants'), tenantsDir, crmProxy.url('http', '/crm'));
  const editorDir = join(work, 'editor');
  await new AccountStore(accountsFile(editorDir)).create({ email: STAFF.email, name: 'Faults Staff', password: STAFF.password, tenants: [EDITOR_SITE] });

  const servers: (ChildProcess | undefined)[] = [];
  const logs = ports.map(() => '');
  const start = (i: number) => {
    const db = new URL(databaseUrl);
    db.port = String(itemAt(pgProxies, i, 'the database proxies').port);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(portOf(i)),
      HOST: '127.0.0.1',
      EDITOR_PUBLIC_URL: `http://localhost:${basePort}`,
      SITE_URL_TEMPLATE: `http://{slug}.localhost:${basePort}`,
      SIGN_IN_DEVICE_SECRET: 'faults-device-secret',
      DATABASE_URL: db.toString(),
      TENANTS_DIR: tenantsDir,
      EDITOR_DATA_DIR: editorDir,
      INVENTORY_SIZE: '600',
      MEILISEARCH_HOST: meiliProxy.url('http'),
      MEILISEARCH_KEY: MEILI_KEY,
      MEILISEARCH_SEARCH_TIMEOUT_MS: '2000',
      CRM_ALLOW_HOSTS: '127.0.0.1',
      LEADS_POLL_MS: '200',
      TRADE_IN_UPLOADS_DIR: join(work, 'uploads'),
      TRADE_IN_LINK_SECRET: 'faults-secret',
      TEST_CLOCK: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpProxy.port}`,
      ACCOUNT_MAIL_POLL_MS: '200',
      // A tenant cache of the run's own: one shared with other builds can lose entries to them mid-run.
      TENANT_CACHE_DIR: join(work, 'tenant-cache'),
      // Leased jobs run often enough for a scenario to see their leases taken (scenario 6).
      ALERTS_POLL_MS: '2000',
      SCHEDULED_PUBLISH_POLL_MS: '1000',
      PG_CONNECT_TIMEOUT_MS: '2000',
      PG_QUERY_TIMEOUT_MS: '5000',
      // Longer than the slowest request of a loaded 2-core machine (a sign-in hashes its password for seconds): a
      // shutdown cut short at this timeout ends the requests still in flight (nginx answers them 502).
      SHUTDOWN_TIMEOUT_MS: '30000',
    };
    delete env.TEMPLATES_DIR;
    delete env.TENANT_STORE;
    const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (d: Buffer) => (logs[i] = ((logs[i] ?? '') + d).slice(-40_000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    servers[i] = child;
  };
  const stop = (i: number, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = servers[i];
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
    return new Promise<number | null>((r) => {
      child.once('exit', (code) => r(code));
      child.kill(signal);
    });
  };
  cleanups.unshift(() => Promise.all(ports.map((_, i) => stop(i, 'SIGKILL'))));
  const waitReady = async (i: number, withinMs = 120_000) => {
    const until = Date.now() + withinMs;
    while (Date.now() < until) {
      if ((await call(portOf(i), 'GET', '/readyz', { timeoutMs: 3000 })).status === 200) return true;
      if (servers[i]?.exitCode != null) return false;
      await sleep(100);
    }
    return false;
  };
  ports.forEach((_, i) => start(i));
  const ready = await Promise.all(ports.map((_, i) => waitReady(i)));
  if (!ready.every(Boolean)) throw new Error(`a process did not become ready:\n${logs.join('\n---\n').slice(-6000)}`);
  const nginx = await startNginx(ports, basePort);
  cleanups.unshift(() => nginx.close());

  const query = async <T>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return {
    root,
    ports,
    nginx,
    databaseUrl,
    pgProxies,
    meiliProxy,
    crmProxy,
    smtpProxy,
    crm,
    sink,
    leadSites,
    logs,
    start,
    stop,
    waitReady,
    pgStop,
    pgStart,
    query,
    async close() {
      for (const c of cleanups) await Promise.resolve(c()).catch(() => {});
    },
  };
}

function portFree(port: number): Promise<boolean> {
  return new Promise((r) => {
    const probe = createServer();
    probe.once('error', () => r(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => r(true)));
  });
}

function hostPort(service: { url: string } | MeilisearchStub): { host: string; port: number } {
  const url = new URL(service.url.replace(/^smtp:/, 'http:'));
  return { host: url.hostname, port: Number(url.port) };
}
