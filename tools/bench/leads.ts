// Lead durability bench: npx tsx tools/bench/leads.ts [--submissions 2000] [--clients 40] [--kills 6] [--build]
//
// Starts the built server (BENCH_BUILD_DIR, default /tmp/leads-bench: built there with --build or when missing) with
// its own tenants copy whose dealerships deliver to a local test CRM (which refuses 10% of deliveries with a 500),
// sends the submissions from concurrent clients (each retrying with its idempotency key until acknowledged, like a
// browser retry), SIGKILLs the server several times meanwhile and restarts it, then waits for the outbox to drain and
// prints: acknowledged, stored, stored twice, delivered. Exit 0 when every acknowledged lead is stored exactly once
// and reached the CRM. Loopback only; bounded by --submissions and --deadline seconds. DATABASE_URL, when set, is
// passed to the server (PostgreSQL store) and used for the check; otherwise a fresh SQLite file is used.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startTestCrm, tenantsDeliveringTo } from './test-crm';
import { optionValue } from './option';
import { itemAt } from '../../test-support/at-least';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  return Number(optionValue(args, name, String(fallback)));
};
const SUBMISSIONS = opt('submissions', 2000);
const CLIENTS = opt('clients', 40);
const KILLS = opt('kills', 6);
const DEADLINE_S = opt('deadline', 300);
const PORT = opt('port', 4151);
const buildDir = resolve(process.env.BENCH_BUILD_DIR ?? '/tmp/leads-bench');
const databaseUrl = process.env.DATABASE_URL;
const deadline = Date.now() + DEADLINE_S * 1000;
const log = (m: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}`);

// ---- build -------------------------------------------------------------------------------------------------------
const serverMain = join(buildDir, 'server/main.js');
if (args.includes('--build') || !existsSync(serverMain)) {
  log(`building into ${buildDir}`);
  for (const a of [
    ['vite', 'build', '--outDir', join(buildDir, 'client'), '--logLevel', 'warn'],
    ['vite', 'build', '--ssr', 'runtime/server/main.ts', '--outDir', join(buildDir, 'server'), '--logLevel', 'warn'],
  ]) {
    const r = spawnSync('npx', a, { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(1);
  }
}
// The bundle imports its packages (better-sqlite3, pg, react...) from node_modules next to it.
if (!existsSync(join(buildDir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(buildDir, 'node_modules'));

// ---- test CRM ----------------------------------------------------------------------------------------------------
const crm = await startTestCrm({ refuseShare: 0.1 });
const crmReceived = crm.received;
const crmUrl = crm.url;

// ---- tenants copy with CRM endpoints -----------------------------------------------------------------------------
const work = mkdtempSync(join(tmpdir(), 'leads-bench-'));
const tenantsDir = join(work, 'tenants');
const sites = tenantsDeliveringTo(join(root, 'tenants'), tenantsDir, crmUrl);
const leadsDb = join(work, 'leads.sqlite');

// ---- server process ----------------------------------------------------------------------------------------------
let server: ChildProcess | undefined;
let starts = 0;
async function startServer() {
  starts++;
  server = spawn(process.execPath, [serverMain], {
    cwd: work,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      EDITOR_PUBLIC_URL: `http://localhost:${PORT}`,
      TENANTS_DIR: tenantsDir,
      TENANT_STORE: 'files', // this run's tenants copy (with its test CRM), not documents a database may already hold
      TEMPLATES_DIR: join(tenantsDir, 'templates'),
      CLIENT_DIR: join(buildDir, 'client'),
      LEADS_DB: leadsDb,
      LEADS_POLL_MS: '200',
      INVENTORY_SIZE: '400',
      EDITOR_DATA_DIR: join(work, 'editor'),
      CRM_ALLOW_HOSTS: '127.0.0.1', // the bench's CRM is on loopback over http
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr!.on('data', () => {}); // delivery failures are expected (the CRM refuses some)
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start before the deadline');
    const ok = await httpRequest('GET', '/healthz', 'localhost').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
function killServer() {
  server?.kill('SIGKILL');
  server = undefined;
}

function httpRequest(
  method: string,
  path: string,
  host: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path,
        headers: {
          host: `${host}:${PORT}`,
          ...headers,
          ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

// ---- clients -----------------------------------------------------------------------------------------------------
interface Submission {
  n: number;
  key: string;
  site: string;
  leadId?: string;
  tries: number;
  ids: Set<string>;
}
let submissions: Submission[] = [];
/** Sites the server serves (a document that does not validate is answered 503 and left out). */
async function servedSites() {
  const served: typeof sites = [];
  for (const site of sites) {
    const r = await httpRequest('POST', '/api/leads', `${site.slug}.localhost`, '{}');
    if (r.status !== 503) served.push(site);
    else log(`${site.slug} is not served (its document does not validate): left out`);
  }
  return served;
}
const makeSubmissions = (): Submission[] =>
  Array.from({ length: SUBMISSIONS }, (_, n) => ({
    n,
    key: randomUUID(),
    site: itemAt(sites, n % sites.length, 'the lead sites').slug,
    tries: 0,
    ids: new Set(),
  }));
let next = 0;
let done = 0;

function formValues(s: Submission) {
  const site = sites.find((x) => x.slug === s.site)!;
  return {
    name: `Bench ${s.n}`,
    last_name: 'Shopper',
    email: `bench${s.n}@example.com`,
    phone: '0412 345 678',
    message: `bench submission #${s.n}`,
    category: 'General Enquiry',
    postcode: '4000',
    terms_conditions: true,
    location: 'Brisbane',
    dealership_slug: itemAt(site.dealerships, s.n % site.dealerships.length, `${site.slug}'s dealerships`).slug,
  };
}

async function client(c: number) {
  for (;;) {
    const s = submissions[next++];
    if (!s) return;
    const ip = `10.${(s.n >> 16) & 255}.${(s.n >> 8) & 255}.${s.n & 255}`;
    const body = JSON.stringify({
      form: 'enquiry',
      values: formValues(s),
      context: { url: `http://${s.site}.localhost/contact`, visited_pages: ['/', '/contact'] },
    });
    while (!s.leadId && Date.now() < deadline) {
      s.tries++;
      try {
        const r = await httpRequest('POST', '/api/leads', `${s.site}.localhost`, body, {
          'idempotency-key': s.key,
          'x-forwarded-for': ip,
          origin: `http://${s.site}.localhost:${PORT}`,
          'user-agent': `bench-client-${c}`,
        });
        if (r.status === 201) {
          s.leadId = JSON.parse(r.body).lead_id;
          s.ids.add(s.leadId!);
        } else if (r.status < 500 && r.status !== 429) {
          throw new Error(`submission ${s.n}: HTTP ${r.status} ${r.body}`);
        }
      } catch (e) {
        if ((e as Error).message.startsWith('submission')) throw e;
      }
      if (!s.leadId) await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
    // A browser may also repeat an acknowledged submission (double-click): one in ten does, with the same key.
    if (s.leadId && s.n % 10 === 0) {
      const r = await httpRequest('POST', '/api/leads', `${s.site}.localhost`, body, { 'idempotency-key': s.key, 'x-forwarded-for': ip }).catch(
        () => undefined,
      );
      if (r?.status === 201) s.ids.add(JSON.parse(r.body).lead_id);
    }
    done++;
  }
}

// ---- run ---------------------------------------------------------------------------------------------------------
const t0 = Date.now();
await startServer();
sites.splice(0, sites.length, ...(await servedSites()));
if (!sites.length) throw new Error('no site is served');
submissions = makeSubmissions();
log(
  `server up (${databaseUrl ? 'PostgreSQL' : 'SQLite ' + leadsDb}); CRM at ${crmUrl}; ${SUBMISSIONS} submissions from ${CLIENTS} concurrent clients, ${KILLS} SIGKILLs`,
);
const clients = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
let kills = 0;
const killer = (async () => {
  while (kills < KILLS && done < SUBMISSIONS && Date.now() < deadline) {
    const target = Math.floor(((kills + 1) * SUBMISSIONS) / (KILLS + 1));
    while (done < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    killServer();
    kills++;
    log(`SIGKILL #${kills} after ${done} acknowledged`);
    await new Promise((r) => setTimeout(r, 200));
    await startServer();
  }
})();
await Promise.all([clients, killer]);
log(`all submissions answered in ${((Date.now() - t0) / 1000).toFixed(1)} s; waiting for the outbox to drain`);

// ---- check -------------------------------------------------------------------------------------------------------
async function storedRows(): Promise<{ lead_id: string; message: string }[]> {
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const r = await c.query("SELECT lead_id, payload->>'message' AS message FROM leads WHERE payload->>'message' LIKE 'bench submission #%'");
    await c.end();
    return r.rows;
  }
  const db = new Database(leadsDb, { readonly: true });
  const rows = db.prepare("SELECT lead_id, json_extract(payload, '$.message') AS message FROM leads").all() as { lead_id: string; message: string }[];
  db.close();
  return rows;
}

const acknowledged = submissions.filter((s) => s.leadId);
while (Date.now() < deadline && acknowledged.some((s) => !crmReceived.has(s.leadId!))) await new Promise((r) => setTimeout(r, 200));
killServer();
const rows = (await storedRows()).filter((r) => r.message?.startsWith('bench submission #'));
const bySubmission = new Map<string, string[]>();
for (const r of rows) bySubmission.set(r.message, [...(bySubmission.get(r.message) ?? []), r.lead_id]);
const storedIds = new Set(rows.map((r) => r.lead_id));
const storedAck = acknowledged.filter((s) => storedIds.has(s.leadId!)).length;
const storedTwice = [...bySubmission.values()].filter((ids) => ids.length > 1).length;
const delivered = acknowledged.filter((s) => crmReceived.has(s.leadId!)).length;
const changedId = submissions.filter((s) => s.ids.size > 1).length;
const redeliveries = [...crmReceived.values()].reduce((a, n) => a + n - 1, 0);
const retries = submissions.reduce((a, s) => a + s.tries - 1, 0);

console.log('');
console.log(`submissions sent            ${SUBMISSIONS} (${retries} retries after a kill or refusal, ${starts} server starts, ${kills} SIGKILLs)`);
console.log(`acknowledged (201)          ${acknowledged.length}`);
console.log(`  of those stored           ${storedAck}`);
console.log(`  stored twice              ${storedTwice}`);
console.log(`  answered two lead_ids     ${changedId}`);
console.log(
  `  reached the CRM           ${delivered} (CRM refused ${crm.refused()} deliveries with a 500; ${redeliveries} repeat deliveries de-duplicated by lead_id)`,
);
console.log(`leads stored in total       ${rows.length}`);
const ok =
  acknowledged.length === SUBMISSIONS && storedAck === acknowledged.length && storedTwice === 0 && changedId === 0 && delivered === acknowledged.length;
console.log(ok ? 'RESULT: every acknowledged lead stored exactly once and delivered' : 'RESULT: FAILED');
crm.close();
rmSync(work, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
