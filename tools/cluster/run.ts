// npm run test:cluster: three server processes on one PostgreSQL behind nginx, checked through it.
//
// Starts (or uses DATABASE_URL / TEST_DATABASE_URL) PostgreSQL with a fresh schema, three built servers
// (dist/server/main.js; `--build` rebuilds) sharing that database, one tenants folder and one editor data folder, a
// Debian's nginx with the deployment recipe's proxy rules (deploy/nginx/dealer-sites.conf, started by
// tools/deploy/nginx.ts) and a local test CRM, then checks:
//   1. a publish on one process is served by every process (and how long that took; target 1 s): tenant documents and
//      revisions live in PostgreSQL (seeded from the tenants folder at first start), publishes reach the other processes
//      through LISTEN/NOTIFY (CLUSTER_TENANT_STORE=files runs the shared-folder mode instead),
//   2. 100 publish rounds across processes never let a process read a half-written document or revision,
//   3. a shopper who signs up on one process and follows the mailed confirmation link on another is signed in on every
//      process; so is an editor session,
//   4. the sign-in rate limit is counted once for all processes, not per process,
//   5. 500 concurrent reservations of 10 cars through the balancer give exactly 10 holds,
//   6. 2,000 leads through the balancer with a process SIGKILLed mid-run: every acknowledged lead stored once and
//      delivered to the CRM (repeat deliveries, which the CRM de-duplicates by lead_id, are counted and printed),
//   0. with --tenants N: every process serves the N more sites from PostgreSQL (sampled; the start time is printed),
//   7. the recipe's proxy rules hold: /metrics is not public, hashed assets are cached by nginx, a body over the upload
//      limit is refused by nginx (413).
// Prints the figures and a last line "N passed, N failed" (each numbered check is one). Loopback only, bounded.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startMailSink } from '../lib/mail-sink';
import { AccountStore } from '../../runtime/editor/accounts';
import { accountsFile } from '../../runtime/editor/paths';
import { freshSchemaUrl } from '../../runtime/server/test-postgres';
import { startTestCrm, tenantsDeliveringTo } from '../bench/test-crm';
import { startNginx, type RunningNginx } from '../deploy/nginx';
import { writeTenantCopies } from '../lib/tenant-copies';
import { cookieOf } from '../../test-support/cookies';
import { itemAt } from '../../test-support/at-least';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PROCESSES = 3;
const LEADS = opt('leads', 2000);
const RESERVATIONS = opt('reservations', 500);
const CARS = opt('cars', 10);
const ROUNDS = opt('rounds', 100);
// --tenants N (or CLUSTER_TENANTS): N more sites (copies of a demo tenant) in the store beside the demo sites.
const MANY = opt('tenants', Number(process.env.CLUSTER_TENANTS ?? 0));
const BASE_PORT = opt('port', Number(process.env.CLUSTER_PORT ?? 4700));
const deadline = Date.now() + opt('deadline', 600) * 1000;
const EDITOR_SITE = 'harbourside-mazda';
const TENANT_STORE = process.env.CLUSTER_TENANT_STORE === 'files' ? 'files' : 'postgres';
const SHOP_SITE = 'big-sky-cars';
const STAFF = { email: 'cluster@example.com', password: 'cluster-test-2026' };
const log = (m: string) => console.log(`[cluster ${new Date().toISOString().slice(11, 19)}] ${m}`);

const results: { name: string; ok: boolean; detail: string }[] = [];
function record(name: string, ok: boolean, detail: string) {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}\n      ${detail}`);
}

// ---- build and database --------------------------------------------------------------------------------------------
const serverMain = join(root, 'dist/server/main.js');
if (args.includes('--build') || !existsSync(serverMain)) {
  log('building dist/');
  for (const a of [
    ['vite', 'build', '--logLevel', 'warn'],
    ['vite', 'build', '--ssr', 'runtime/server/main.ts', '--logLevel', 'warn'],
  ]) {
    if (spawnSync('npx', a, { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
  }
}
let stopPostgres: (() => void) | undefined;
let baseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!baseUrl) {
  const started = spawnSync('bash', [join(root, 'tools/ci/postgres.sh')], { encoding: 'utf8' });
  if (started.status !== 0) {
    console.log(started.stderr);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  baseUrl = started.stdout.trim();
  const dir = /stop it with: tools\/ci\/postgres.sh stop (\S+)/.exec(started.stderr)?.[1];
  stopPostgres = () => dir && spawnSync('bash', [join(root, 'tools/ci/postgres.sh'), 'stop', dir], { stdio: 'ignore' });
}
const databaseUrl = await freshSchemaUrl(baseUrl, 'cluster');

// ---- test CRM, mail sink and shared folders ------------------------------------------------------------------------
const crm = await startTestCrm();
// Shopper mail of every process (sign-up confirmation links), received on loopback.
const sink = await startMailSink();
const crmReceived = crm.received;
const work = mkdtempSync(join(tmpdir(), 'cluster-'));
const tenantsDir = join(work, 'tenants');
const leadSites = tenantsDeliveringTo(join(root, 'tenants'), tenantsDir, crm.url);
const manySites = MANY > 0 ? writeTenantCopies(join(root, 'tenants', `${SHOP_SITE}.json`), tenantsDir, MANY) : [];
const editorDir = join(work, 'editor');
await new AccountStore(accountsFile(editorDir)).create({ email: STAFF.email, name: 'Cluster Staff', password: STAFF.password, tenants: [EDITOR_SITE] });

// ---- processes and balancer ----------------------------------------------------------------------------------------
const ports = Array.from({ length: PROCESSES }, (_, i) => BASE_PORT + 1 + i);
const portOf = (i: number) => itemAt(ports, i, 'the process ports');
const servers: (ChildProcess | undefined)[] = [];
const serverLogs = ports.map(() => '');

function startServer(i: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(portOf(i)),
    HOST: '127.0.0.1',
    // Links in mail point at the balancer, and every process signs known-device cookies alike.
    EDITOR_PUBLIC_URL: `http://localhost:${BASE_PORT}`,
    SITE_URL_TEMPLATE: `http://{slug}.localhost:${BASE_PORT}`,
    SIGN_IN_DEVICE_SECRET: 'cluster-device-secret',
    DATABASE_URL: databaseUrl,
    TENANTS_DIR: tenantsDir,
    EDITOR_DATA_DIR: editorDir,
    // One tenant cache for the three processes, as processes of one host share it.
    TENANT_CACHE_DIR: join(work, 'tenant-cache'),
    INVENTORY_SIZE: '600',
    CRM_ALLOW_HOSTS: '127.0.0.1',
    LEADS_POLL_MS: '200',
    TRADE_IN_UPLOADS_DIR: join(work, 'uploads'),
    TRADE_IN_LINK_SECRET: 'cluster-secret',
    TEST_CLOCK: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    TENANT_STORE: TENANT_STORE,
    SMTP_URL: sink.url,
    ACCOUNT_MAIL_POLL_MS: '200',
  };
  delete env.TEMPLATES_DIR;
  const child = spawn(process.execPath, [serverMain], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (serverLogs[i] = (serverLogs[i] + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (serverLogs[i] = (serverLogs[i] + d).slice(-20_000)));
  servers[i] = child;
}

// biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
type Answer = { status: number; headers: Record<string, unknown>; text: string; json: any };
function call(port: number, method: string, path: string, options: { host?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const text = options.body === undefined ? '' : JSON.stringify(options.body);
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: {
          host: options.host ?? `127.0.0.1:${port}`,
          ...(text ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
          let json: any = null;
          try {
            json = data ? JSON.parse(data) : null;
          } catch {
            // not JSON
          }
          resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, text: data, json });
        });
        res.on('aborted', () => reject(new Error('aborted')));
      },
    );
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error('timeout')));
    req.end(text);
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitHealthy(i: number) {
  while (Date.now() < deadline) {
    if ((await call(portOf(i), 'GET', '/readyz').catch(() => ({ status: 0 }))).status === 200) return;
    await sleep(100);
  }
  throw new Error(`process ${i + 1} did not become ready:\n${serverLogs[i]}`);
}

let exitCode = 1;
let balancer: RunningNginx | undefined;
try {
  log(`PostgreSQL: fresh schema; three processes on ports ${ports.join(', ')}`);
  const starting = performance.now();
  ports.forEach((_, i) => startServer(i));
  await Promise.all(ports.map((_, i) => waitHealthy(i)));
  const readyS = (performance.now() - starting) / 1000;
  const proxy = await startNginx(ports, BASE_PORT);
  balancer = proxy;
  log(`nginx on ${proxy.port}`);

  if (manySites.length) {
    const sample = [manySites[0]!, manySites[Math.floor(manySites.length / 2)]!, manySites.at(-1)!];
    const pages = await Promise.all(
      ports.flatMap((port) => sample.map(async ({ slug, name }) => ({ slug, name, port, res: await call(port, 'GET', '/', { host: `${slug}.localhost` }) }))),
    );
    const wrong = pages.filter(({ name, res }) => res.status !== 200 || !res.text.includes(name));
    record(
      `0. ${manySites.length} more sites on PostgreSQL: every process serves them`,
      wrong.length === 0,
      `three processes ready in ${readyS.toFixed(1)} s with ${manySites.length + leadSites.length} sites; ${wrong.length ? `wrong: ${wrong.map((w) => `${w.slug} on ${w.port}: ${w.res.status}`).join(', ')}` : `home pages of ${sample.map((s) => s.slug).join(', ')} on every process: 200 with the site's name`}`,
    );
  }
  const viaBalancer = (method: string, path: string, host: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(proxy.port, method, path, { host: `${host}:${proxy.port}`, body, headers });

  // ---- 1 and 2: publishing ----------------------------------------------------------------------------------------
  const editorSignIn = async (port: number) => {
    const res = await call(port, 'POST', '/editor/api/login', { body: STAFF });
    if (res.status !== 200) throw new Error(`editor sign-in on ${port}: ${res.status} ${res.text}`);
    return { cookie: cookieOf(res.headers['set-cookie']), csrf: res.json.csrf as string };
  };
  const editors = await Promise.all(ports.map(editorSignIn));
  const editorOf = (i: number) => itemAt(editors, i, 'the editor sessions');
  const publish = async (i: number, heading: string) => {
    const session = { cookie: editorOf(i).cookie };
    const opened = await call(portOf(i), 'GET', `/editor/api/tenants/${EDITOR_SITE}`, { headers: session });
    if (opened.status !== 200) throw new Error(`open on process ${i + 1}: ${opened.status}`);
    const { doc, head } = opened.json;
    doc.pages['/'].blocks.find((b: { type: string }) => b.type === 'hero').props.heading = heading;
    const published = await call(portOf(i), 'POST', `/editor/api/tenants/${EDITOR_SITE}/revisions`, {
      body: { baseRev: head.rev, doc, publish: true },
      headers: { ...session, 'x-csrf-token': editorOf(i).csrf },
    });
    if (published.status !== 201) throw new Error(`publish on process ${i + 1}: ${published.status} ${published.text}`);
  };
  const homeOf = (i: number) => call(portOf(i), 'GET', '/', { host: `${EDITOR_SITE}.localhost:${portOf(i)}` });

  {
    // Each process renders the page once first: the figure is the publish reaching them, not a first render's warm-up.
    await Promise.all(ports.map((_, i) => homeOf(i)));
    const heading = `Published on process 1 at ${Date.now()}`;
    await publish(0, heading);
    const published = performance.now();
    const seenAfter = await Promise.all(
      [1, 2].map(async (i) => {
        while (Date.now() < deadline) {
          if ((await homeOf(i)).text.includes(heading)) return performance.now() - published;
          await sleep(20);
        }
        return Infinity;
      }),
    );
    const worst = Math.max(...seenAfter);
    record(
      'a publish on one process is served by every process',
      worst < 5000,
      `processes 2 and 3 served it after ${seenAfter.map((ms) => `${Math.round(ms)} ms`).join(' and ')} (target: within 1 s: ${worst <= 1000 ? 'met' : 'NOT met'})`,
    );
  }

  {
    let reads = 0;
    let badReads = 0;
    let publishes = 0;
    const examples: string[] = [];
    let publishing = true;
    const readers = [0, 1, 2].map(async (i) => {
      while (publishing) {
        const [page, doc] = await Promise.all([
          homeOf(i),
          call(portOf(i), 'GET', `/editor/api/tenants/${EDITOR_SITE}`, { headers: { cookie: editorOf(i).cookie } }),
        ]);
        reads += 2;
        const docOk = doc.status === 200 && typeof doc.json?.doc?.pages?.['/'] === 'object' && typeof doc.json?.head?.rev === 'number';
        if (page.status !== 200 || !docOk) {
          badReads++;
          if (examples.length < 3) examples.push(`process ${i + 1}: page ${page.status}, editor ${doc.status} ${doc.text.slice(0, 120)}`);
        }
      }
    });
    for (let round = 0; round < ROUNDS; round++) {
      await publish(round % PROCESSES, `Round ${round}`);
      publishes++;
    }
    publishing = false;
    await Promise.all(readers);
    let where = 'the shared tenants folder';
    if (TENANT_STORE === 'postgres') {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const revisions = (await db.query("SELECT count(*)::int AS n FROM tenant_revisions WHERE slug = $1 AND kind = 'published'", [EDITOR_SITE])).rows[0]
        .n as number;
      await db.end();
      where = `PostgreSQL (${revisions} published revisions of ${EDITOR_SITE} stored)`;
    }
    record(
      `${ROUNDS} publish rounds across processes: no half-written document or revision read`,
      badReads === 0,
      `${publishes} publishes rotating over the three processes, ${reads} reads meanwhile, ${badReads} bad${examples.length ? `: ${examples.join('; ')}` : ''}; documents in ${where}`,
    );
  }

  // ---- 3: sessions ------------------------------------------------------------------------------------------------
  {
    const host = `${SHOP_SITE}.localhost:${portOf(0)}`;
    const first = await call(portOf(0), 'GET', '/api/account', { host });
    const csrfCookie = cookieOf(first.headers['set-cookie']);
    const email = `cluster-${randomUUID().slice(0, 8)}@example.com`;
    const signedUp = await call(portOf(0), 'POST', '/api/account/sign-up', {
      host,
      body: { name: 'Cluster Shopper', email, password: 'a-long-password-2026', phone: '0412 345 678' },
      headers: { cookie: csrfCookie, 'x-csrf-token': first.json.csrfToken },
    });
    // The link arrives through any process's mail worker (the outbox is the shared database); bounded wait.
    let token: string | undefined;
    for (let i = 0; i < 100 && !token; i++) {
      token = sink.mails.flatMap((m) => (m.includes(`To: ${email}`) ? (/confirm-account\?token=([\w-]+)/.exec(m)?.[1] ?? []) : []))[0];
      if (!token) await new Promise((r) => setTimeout(r, 200));
    }
    const confirmed = await call(portOf(1), 'POST', '/api/account/confirm-account', {
      host: `${SHOP_SITE}.localhost:${portOf(1)}`,
      body: { token },
      headers: { cookie: csrfCookie, 'x-csrf-token': first.json.csrfToken },
    });
    const session = [csrfCookie, ...[confirmed.headers['set-cookie'] ?? []].flat().map((c) => cookieOf(String(c)))].join('; ');
    const seen = await Promise.all(
      [0, 2].map((i) => call(portOf(i), 'GET', '/api/account', { host: `${SHOP_SITE}.localhost:${portOf(i)}`, headers: { cookie: session } })),
    );
    const shopperOk =
      signedUp.status === 201 && !signedUp.headers['set-cookie'] && confirmed.status === 200 && seen.every((r) => r.json?.shopper?.email === email);
    record(
      'a shopper who signs up on one process and confirms on another is signed in on every process',
      shopperOk,
      `sign-up on process 1: ${signedUp.status} (cookies: ${signedUp.headers['set-cookie'] ? 'set' : 'none'}); mailed link ${token ? 'received' : 'missing'}, followed on process 2: ${confirmed.status}; processes 1 and 3 know the shopper: ${seen.map((r) => (r.json?.shopper?.email === email ? 'yes' : `no (${r.status})`)).join(', ')}`,
    );

    const staff = editorOf(0);
    const other = await Promise.all([1, 2].map((i) => call(portOf(i), 'GET', `/editor/api/tenants/${EDITOR_SITE}`, { headers: { cookie: staff.cookie } })));
    record(
      'a staff member signed in to the editor on one process is signed in on the others',
      other.every((r) => r.status === 200),
      `the editor session from process 1 on processes 2 and 3: ${other.map((r) => r.status).join(', ')}`,
    );
  }

  // ---- 4: a shared rate limit ---------------------------------------------------------------------------------------
  {
    const host = SHOP_SITE + '.localhost';
    const first = await viaBalancer('GET', '/api/account', host);
    const csrfCookie = cookieOf(first.headers['set-cookie']);
    const email = `limited-${randomUUID().slice(0, 8)}@example.com`;
    await call(portOf(0), 'POST', '/api/account/sign-up', {
      host: `${host}:${portOf(0)}`,
      body: { name: 'Limited Shopper', email, password: 'the-right-password-1' },
      headers: { cookie: csrfCookie, 'x-csrf-token': first.json.csrfToken },
    });
    let attempts = 0;
    let firstRefusal = 0;
    while (attempts < 30 && !firstRefusal) {
      attempts++;
      // Each attempt from its own address, so only the per-account limit can refuse it.
      const r = await viaBalancer(
        'POST',
        '/api/account/sign-in',
        host,
        { email, password: 'wrong-password' },
        { cookie: csrfCookie, 'x-csrf-token': first.json.csrfToken, 'x-forwarded-for': `10.9.0.${attempts}` },
      );
      if (r.status === 429) firstRefusal = attempts;
    }
    // SIGN_IN_LIMITS.perAccount (runtime/accounts/sign-in-limiter.ts): past it, browsers the account never used wait.
    const perAccount = 5;
    record(
      'the sign-in rate limit is shared by all processes',
      firstRefusal === perAccount + 1,
      `wrong passwords for one account, round-robin over three processes: first refused at attempt ${firstRefusal || 'never'} (limit ${perAccount} per account; per-process counters would allow ${perAccount * PROCESSES})`,
    );
  }

  // ---- 5: reservations ----------------------------------------------------------------------------------------------
  {
    const host = SHOP_SITE + '.localhost';
    const search = await viaBalancer('POST', '/api/search', host, {
      queries: [{ q: '', filter: 'status = in_stock AND reserved = false', hitsPerPage: CARS }],
    });
    const cars: { slug: string }[] = search.json.results[0].hits;
    let ip = 0;
    const attempts = await Promise.all(
      Array.from({ length: RESERVATIONS }, async (_, n) => {
        const car = itemAt(cars, n % cars.length, 'the cars found').slug;
        const key = randomUUID();
        const values = { name: 'Cluster Shopper', email: `shopper${n}@example.com`, phone: '0412 345 678', postcode: '4000' };
        const address = `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
        for (let tries = 0; tries < 20; tries++) {
          const r = await viaBalancer(
            'POST',
            '/api/checkout/reservations',
            host,
            { car_id: car, values, idempotency_key: key },
            { 'x-forwarded-for': address },
          ).catch(() => ({ status: 0, json: null }) as Pick<Answer, 'status' | 'json'>);
          if (r.status && r.status < 500) return { car, status: r.status, id: r.json?.reservation_id as string | undefined };
          await sleep(100);
        }
        return { car, status: 0, id: undefined };
      }),
    );
    const holds = attempts.filter((a) => a.status < 300 && a.id);
    const holdsPerCar = new Map<string, Set<string>>();
    for (const h of holds) holdsPerCar.set(h.car, new Set([...(holdsPerCar.get(h.car) ?? []), h.id!]));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const active = (await client.query("SELECT car_id, count(*)::int AS n FROM reservations WHERE status IN ('pending', 'paid') GROUP BY car_id")).rows as {
      n: number;
    }[];
    await client.end();
    const statuses = [...new Set(attempts.map((a) => a.status))]
      .sort()
      .map((s) => `${s}: ${attempts.filter((a) => a.status === s).length}`)
      .join(', ');
    const ok =
      holds.length === cars.length && [...holdsPerCar.values()].every((s) => s.size === 1) && active.length === cars.length && active.every((r) => r.n === 1);
    record(
      `${RESERVATIONS} concurrent reservations of ${cars.length} cars give exactly ${cars.length} holds`,
      ok,
      `holds answered: ${holds.length} (answers ${statuses}); cars held in the database: ${active.length}, each once: ${active.every((r) => r.n === 1) ? 'yes' : 'no'}`,
    );
  }

  // ---- 6: leads with a process killed -------------------------------------------------------------------------------
  {
    const submissions = Array.from({ length: LEADS }, (_, n) => ({
      n,
      key: randomUUID(),
      site: itemAt(leadSites, n % leadSites.length, 'the lead sites'),
      leadId: undefined as string | undefined,
      ids: new Set<string>(),
    }));
    let next = 0;
    let acknowledged = 0;
    let killedAt = -1;
    const client = async () => {
      for (;;) {
        const s = submissions[next++];
        if (!s) return;
        const values = {
          name: `Cluster ${s.n}`,
          last_name: 'Shopper',
          email: `cluster${s.n}@example.com`,
          phone: '0412 345 678',
          message: `cluster lead #${s.n}`,
          category: 'General Enquiry',
          postcode: '4000',
          terms_conditions: true,
          location: 'Brisbane',
          dealership_slug: itemAt(s.site.dealerships, s.n % s.site.dealerships.length, `${s.site.slug}'s dealerships`).slug,
        };
        const body = { form: 'enquiry', values, context: { url: `http://${s.site.slug}.localhost/contact`, visited_pages: ['/', '/contact'] } };
        const address = `10.20.${(s.n >> 8) & 255}.${s.n & 255}`;
        while (!s.leadId && Date.now() < deadline) {
          const r = await viaBalancer('POST', '/api/leads', `${s.site.slug}.localhost`, body, {
            'idempotency-key': s.key,
            'x-forwarded-for': address,
            origin: `http://${s.site.slug}.localhost:${proxy.port}`,
          }).catch(() => undefined);
          if (r?.status === 201) {
            s.leadId = r.json.lead_id;
            s.ids.add(s.leadId!);
          } else if (r && r.status < 500 && r.status !== 429) {
            throw new Error(`lead ${s.n}: HTTP ${r.status} ${r.text}`);
          } else {
            await sleep(50);
          }
        }
        acknowledged++;
      }
    };
    const started = performance.now();
    const killer = (async () => {
      while (acknowledged < LEADS / 3 && Date.now() < deadline) await sleep(20);
      killedAt = acknowledged;
      servers[1]?.kill('SIGKILL');
      log(`SIGKILL process 2 after ${acknowledged} acknowledged leads`);
      while (acknowledged < (2 * LEADS) / 3 && Date.now() < deadline) await sleep(20);
      startServer(1);
      await waitHealthy(1);
      log(`process 2 back after ${acknowledged} acknowledged leads`);
    })();
    await Promise.all([...Array.from({ length: 40 }, client), killer]);
    const answered = (performance.now() - started) / 1000;
    const acked = submissions.filter((s) => s.leadId);
    while (Date.now() < deadline && acked.some((s) => !crmReceived.has(s.leadId!))) await sleep(200);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const rows = (await db.query("SELECT lead_id, payload->>'message' AS message FROM leads WHERE payload->>'message' LIKE 'cluster lead #%'")).rows as {
      lead_id: string;
      message: string;
    }[];
    await db.end();
    const perMessage = new Map<string, number>();
    for (const r of rows) perMessage.set(r.message, (perMessage.get(r.message) ?? 0) + 1);
    const storedIds = new Set(rows.map((r) => r.lead_id));
    const stored = acked.filter((s) => storedIds.has(s.leadId!)).length;
    const storedTwice = [...perMessage.values()].filter((n) => n > 1).length;
    const delivered = acked.filter((s) => crmReceived.has(s.leadId!)).length;
    const repeats = acked.reduce((sum, s) => sum + Math.max(0, (crmReceived.get(s.leadId!) ?? 0) - 1), 0);
    const twoIds = submissions.filter((s) => s.ids.size > 1).length;
    const ok = acked.length === LEADS && stored === LEADS && storedTwice === 0 && twoIds === 0 && delivered === LEADS;
    record(
      `${LEADS} leads through the balancer with a process SIGKILLed: each stored once and delivered`,
      ok,
      `acknowledged ${acked.length} in ${answered.toFixed(1)} s (process 2 killed after ${killedAt}); stored ${stored}, stored twice ${storedTwice}, two lead ids for one key ${twoIds}; reached the CRM ${delivered}, repeat deliveries ${repeats} (de-duplicated by lead_id); served per process ${proxy.served().join('/')}`,
    );
  }

  // ---- 7: the recipe's proxy rules --------------------------------------------------------------------------------
  {
    const host = `${SHOP_SITE}.localhost`;
    const failed = (e: unknown): Answer => ({ status: 0, headers: {}, text: String(e), json: null });
    const home = await viaBalancer('GET', '/', host).catch(failed);
    const asset = /\/assets\/[\w.-]+\.js/.exec(home.text)?.[0];
    const first = asset ? await viaBalancer('GET', asset, host).catch(failed) : undefined;
    const second = asset ? await viaBalancer('GET', asset, host).catch(failed) : undefined;
    const metrics = await viaBalancer('GET', '/metrics', host).catch(failed);
    const direct = await call(portOf(0), 'GET', '/metrics').catch(failed);
    const oversized = await call(proxy.port, 'POST', '/api/leads', {
      host: `${host}:${proxy.port}`,
      headers: { 'content-type': 'application/json', 'content-length': String(12 * 1024 * 1024) },
    }).catch(failed);
    const ok =
      first?.status === 200 && second?.headers['x-cache-status'] === 'HIT' && metrics.status === 404 && direct.status === 200 && oversized.status === 413;
    record(
      "the recipe's nginx rules: hashed assets cached, /metrics not public, oversized bodies refused",
      ok,
      `home page ${home.status}; asset ${asset ?? '(none found)'}: ${first?.status}, then cache ${String(second?.headers['x-cache-status'])}; /metrics through nginx ${metrics.status} (on the process itself ${direct.status}); a 12 MB body ${oversized.status}`,
    );
  }
  exitCode = results.every((r) => r.ok) ? 0 : 1;
} catch (error) {
  console.error(error);
  results.push({ name: 'the cluster run finished', ok: false, detail: String(error) });
} finally {
  await balancer?.close();
  for (const s of servers) s?.kill('SIGKILL');
  crm.close();
  void sink.close();
  stopPostgres?.();
  rmSync(work, { recursive: true, force: true });
}
const passed = results.filter((r) => r.ok).length;
console.log(`\n${passed} passed, ${results.length - passed} failed`);
process.exit(exitCode);
