// npm run test:faults: what the dealer sites do when what they depend on fails under load. Three built server
// processes on PostgreSQL behind the recipe's nginx (cluster.ts), each dependency behind a fault proxy (proxy.ts):
//   4. the CRM and the SMTP relay down, then slow: leads and mails wait in their outboxes (the backlog in /metrics) and
//      are retried with backoff; when they return each lead reaches the CRM once and each mail is sent once,
//   3. the search engine stopped, answering 503, or too slow: search answers a temporary 503 with Retry-After (pages
//      show their "try again" message or a cached page), never a 500, within the search timeout; back by itself,
//   7. a rolling restart (SIGTERM one process at a time) under load: 0 errors at the balancer, no write lost,
//   1. PostgreSQL stopped for 10 s under load: pages keep answering, writes answer 200 or 503 + Retry-After (never a
//      500 or a hang), /readyz 503 then 200 within 5 s of its return, LISTEN/NOTIFY followers reconnect, nothing
//      acknowledged lost or stored twice,
//   2. PostgreSQL slow (500 ms added to every exchange): every request ends within the request timeout, none is a 500,
//      the metrics show the slow writes,
//   6. one process cut off from PostgreSQL (not from the balancer): its /readyz answers 503 within the probe interval,
//      the others stay ready; it comes back by itself; nothing acknowledged lost,
//   5. the disk full (a 2 MB tmpfs, or the scenario says why it cannot mount one) under a single process on SQLite:
//      writes answer 503/507 with a message, the process stays up, nothing half-written is read back, it recovers.
// Prints per scenario the requests sent, errors by status, acknowledged writes, writes found afterwards, duplicates
// and the recovery time, then a last line "N passed, N failed" (each scenario is one). Loopback only, each scenario
// bounded in time. `--only 4,3` runs some, `--repeat 5` each five times; `--port N` moves the ports (N .. N+29; default 3531).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, EDITOR_SITE, sleep, STAFF, startCluster, type Answer, type Cluster } from './cluster';
import { browse, leadsStored, publisher, publishesStored, sendLeads, Tally, type Report } from './load';
import { diskFull } from './disk-full';
import { isoToZonedLocal } from '../../runtime/domain/time/zoned';
import { cookieOf } from '../../test-support/cookies';
import { itemAt } from '../../test-support/at-least';

const portOf = (c: Cluster, i: number) => itemAt(c.ports, i, 'the process ports');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const argOf = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const BASE_PORT = Number(argOf('port') ?? process.env.FAULTS_PORT ?? 3531);
const only = argOf('only')?.split(',').map(Number);
// `--repeat N`: each chosen scenario N times on the same cluster (an intermittent failure shows its rate).
const REPEAT = Math.max(1, Number(argOf('repeat') ?? 1));
const wanted = (n: number) => !only || only.includes(n);

const reports: Report[] = [];
const log = (m: string) => console.log(`[faults ${new Date().toISOString().slice(11, 19)}] ${m}`);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function print(r: Report) {
  if (r.skipped) return void console.log(`\nSKIP  scenario ${r.n}: ${r.name}: ${r.skipped}`);
  const ok = r.criteria.every((c) => c.ok);
  console.log(`\n${ok ? 'PASS' : 'FAIL'}  scenario ${r.n}: ${r.name}`);
  console.log(`      requests sent ${r.tally.sent} (${r.tally.statuses()}); errors: ${r.tally.errors()}`);
  console.log(`      acknowledged writes ${r.acknowledged}; found afterwards ${r.found}; duplicates ${r.duplicates}; recovery ${r.recovery}`);
  for (const c of r.criteria) console.log(`      ${c.ok ? 'ok  ' : 'FAIL'} ${c.what}`);
  for (const n of r.notes ?? []) console.log(`      note: ${n}`);
  if (!ok && r.tally.examples.length) console.log(`      examples: ${r.tally.examples.join(' | ')}`);
}

/** A gauge's value in a process's /metrics (read on its own port: /metrics is not public). */
async function gauge(c: Cluster, i: number, name: string): Promise<number | undefined> {
  const m = await call(portOf(c, i), 'GET', '/metrics');
  const line = m.text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : undefined;
}

async function until(what: () => Promise<boolean> | boolean, withinMs: number, everyMs = 100): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if (await what()) return performance.now() - started;
    await sleep(everyMs);
  }
  return undefined;
}

async function signUp(c: Cluster, tally: Tally, email: string, n: number) {
  const site = itemAt(c.leadSites, 0, 'the lead sites').slug;
  const host = `${site}.localhost:${c.nginx.port}`;
  const first = await call(c.nginx.port, 'GET', '/api/account', { host });
  tally.add('GET /api/account', first);
  const cookie = cookieOf(first.headers['set-cookie']);
  // Password hashing (scrypt, 128 MB each) is slow on a loaded machine: a longer wait than other requests get.
  const r = await call(c.nginx.port, 'POST', '/api/account/sign-up', {
    host,
    timeoutMs: 60_000,
    body: { name: 'Fault Shopper', email, password: 'a-long-password-2026', phone: '0412 345 678' },
    headers: { cookie, 'x-csrf-token': first.json?.csrfToken, 'x-forwarded-for': `10.77.0.${n}` },
  });
  tally.add('POST sign-up', r);
  return r.status === 201;
}

// ---- 4: the CRM and SMTP down, then slow -----------------------------------------------------------------------------
async function crmAndMailDown(c: Cluster): Promise<Report> {
  const tally = new Tally();
  const label = `s4-${Date.now()}`;
  c.crmProxy.set({ kind: 'down' });
  c.smtpProxy.set({ kind: 'down' });
  const leads = sendLeads(c, tally, label, { workers: 3 });
  const emails = Array.from({ length: 4 }, (_, n) => `${label}-${n}@example.com`);
  const signedUp: boolean[] = [];
  for (const [n, e] of emails.entries()) signedUp.push(await signUp(c, tally, e, n + 1));
  await sleep(4000);
  await leads.stop();
  const leadBacklog = await gauge(c, 0, 'lead_outbox_backlog');
  const mailBacklog = await gauge(c, 0, 'mail_outbox_backlog');
  const [attempts] = await c.query<{ max: number; retried: number }>(
    "SELECT max(attempts)::int AS max, count(*) FILTER (WHERE attempts > 1)::int AS retried FROM lead_deliveries WHERE status = 'pending'",
  );
  const deliveredWhileDown = leads.leads.filter((l) => l.leadId && c.crm.received.has(l.leadId)).length;
  // Slow for a while (each exchange 1.5 s later, inside the CRM timeout of 5 s), then back.
  c.crmProxy.set({ kind: 'delay', ms: 1500 });
  c.smtpProxy.set({ kind: 'delay', ms: 300 });
  await sleep(4000);
  c.crmProxy.set({ kind: 'pass' });
  c.smtpProxy.set({ kind: 'pass' });
  const back = performance.now();
  const ackedIds = leads.leads.flatMap((l) => (l.leadId ? [l.leadId] : []));
  const mailed = (e: string) => c.sink.mails.filter((m) => m.includes(`To: ${e}`)).length;
  const drained = await until(
    async () =>
      ackedIds.every((id) => c.crm.received.has(id)) &&
      emails.every((e, n) => !signedUp[n] || mailed(e) > 0) &&
      (await gauge(c, 0, 'lead_outbox_backlog')) === 0 &&
      (await gauge(c, 0, 'mail_outbox_backlog')) === 0,
    90_000,
    250,
  );
  const recovery = drained === undefined ? undefined : performance.now() - back;
  await sleep(1000); // a late second delivery would show now
  const stored = await leadsStored(c, label, leads.leads);
  const mailedTwice = emails.filter((e) => mailed(e) > 1).length;
  return {
    n: 4,
    name: 'the CRM and the SMTP relay down, then slow',
    tally,
    acknowledged: `${stored.acked} leads, ${signedUp.filter(Boolean).length} sign-ups (a mail each)`,
    found: `${stored.found} leads stored, ${stored.delivered} reached the CRM, ${emails.filter((e) => mailed(e) > 0).length} mails sent`,
    duplicates: `${stored.storedTwice} stored twice, ${stored.deliveredTwice} delivered twice, ${mailedTwice} mailed twice`,
    recovery: recovery === undefined ? 'never (within 90 s)' : `${secs(recovery)} from their return to an empty backlog`,
    criteria: [
      { ok: tally.count((s) => s === 0 || s >= 500) === 0, what: 'no lead or sign-up refused while the CRM and SMTP were down (no 5xx)' },
      { ok: stored.acked > 0 && deliveredWhileDown === 0, what: `leads waited in the outbox while the CRM was down (${deliveredWhileDown} delivered)` },
      {
        ok: (leadBacklog ?? 0) >= 1 && (mailBacklog ?? 0) >= 1,
        what: `the backlog shows in /metrics: lead_outbox_backlog ${leadBacklog}, mail_outbox_backlog ${mailBacklog}`,
      },
      {
        ok: (attempts?.max ?? 0) >= 2 && (attempts?.retried ?? 0) > 0,
        what: `retried with backoff: up to ${attempts?.max} attempts, ${attempts?.retried} leads retried`,
      },
      { ok: recovery !== undefined, what: 'every lead reached the CRM and every mail was sent once they returned (within 90 s)' },
      { ok: stored.found === stored.acked && stored.storedTwice === 0, what: 'every acknowledged lead stored once' },
      { ok: stored.deliveredTwice === 0 && mailedTwice === 0, what: 'the CRM saw each lead id once, each mail sent once' },
    ],
  };
}

// ---- 3: the search engine unavailable -------------------------------------------------------------------------------
async function searchDown(c: Cluster): Promise<Report> {
  const tally = new Tally();
  const site = itemAt(c.leadSites, 0, 'the lead sites').slug;
  const host = `${site}.localhost:${c.nginx.port}`;
  const search = (i?: number) =>
    call(i === undefined ? c.nginx.port : portOf(c, i), 'POST', '/api/search', {
      host: i === undefined ? host : `${site}.localhost:${portOf(c, i)}`,
      body: { queries: [{ q: '', hitsPerPage: 3 }] },
    });
  const before = await search();
  const car = before.json?.results?.[0]?.hits?.[0] as { slug: string } | undefined;
  const criteria: { ok: boolean; what: string }[] = [];
  const modes = [
    { label: 'stopped', mode: { kind: 'down' } as const },
    { label: 'answering 503', mode: { kind: 'http503' } as const },
    { label: 'slow (8 s per exchange; search timeout 2 s)', mode: { kind: 'delay', ms: 8000 } as const },
  ];
  let n = 0;
  for (const { label, mode } of modes) {
    c.meiliProxy.set(mode);
    const local = new Tally();
    const api = await search();
    // A search nobody asked before (not in the page cache): the page itself must say to try again.
    const page = await call(c.nginx.port, 'GET', `/search?make=Toyota&page=${2 + n++}`, { host });
    const home = await call(c.nginx.port, 'GET', '/', { host });
    const vehicle = car ? await call(c.nginx.port, 'GET', `/cars/${car.slug}`, { host }) : undefined;
    const similar = car ? await call(c.nginx.port, 'GET', `/api/cars/${car.slug}/similar-ids`, { host }) : undefined;
    for (const [what, a] of [
      ['POST /api/search', api],
      ['GET /search', page],
      ['GET /', home],
      ['GET vehicle', vehicle],
      ['GET similar-ids', similar],
    ] as const)
      if (a) {
        tally.add(what, a);
        local.add(what, a);
      }
    const apiOk =
      api.status === 503 && api.headers['retry-after'] === '5' && api.json?.message === 'Search is not available right now. Please try again in a moment.';
    const pageOk = page.status === 200 && page.text.includes('Sorry, we could not load the cars right now. Please try again.');
    const slowest = Math.max(...local.durations);
    // Search is a degraded state, not a failing check: every process stays in the balancer, saying why.
    const ready = await Promise.all(c.ports.map((p) => call(p, 'GET', '/readyz', { timeoutMs: 5000 })));
    const searchGauges = await Promise.all(c.ports.map((_, i) => gauge(c, i, 'search_ready')));
    criteria.push({
      ok: ready.every((r) => r.status === 200 && r.json?.status === 'degraded' && r.json?.checks?.search !== 'ok') && searchGauges.every((g) => g === 0),
      what: `engine ${label}: /readyz ${ready.map((r) => `${r.status} ${r.json?.status}`).join(', ')}; search_ready ${searchGauges.join(', ')}`,
    });
    criteria.push({
      ok: apiOk && pageOk && local.count((s) => s === 0 || s === 500) === 0 && home.status === 200 && (!vehicle || vehicle.status === 200),
      what: `engine ${label}: /api/search ${api.status} (Retry-After ${String(api.headers['retry-after'])}) "${api.json?.message}"; search page ${page.status}${pageOk ? ' with its try-again message' : ' WITHOUT the try-again message'}; home ${home.status}; vehicle page ${vehicle?.status}; similar-ids ${similar?.status}`,
    });
    criteria.push({ ok: slowest < 6000, what: `engine ${label}: every answer within 6 s (slowest ${secs(slowest)})` });
  }
  // A process (re)started while the engine is stopped stays up and serves pages; its index is built once it is back.
  c.meiliProxy.set({ kind: 'down' });
  const last = c.ports.length - 1;
  const exit = await c.stop(last, 'SIGTERM');
  c.start(last);
  const startedDown = await c.waitReady(last, 120_000);
  const homeDown = await call(portOf(c, last), 'GET', '/', { host: `${site}.localhost:${portOf(c, last)}` });
  const gaugeDown = startedDown ? await gauge(c, last, 'search_ready') : undefined;
  tally.add('GET / (started while search down)', homeDown);
  criteria.push({
    ok: exit === 0 && startedDown && homeDown.status === 200 && gaugeDown === 0,
    what: `a process started while the engine was stopped: ready ${startedDown}, home ${homeDown.status}, search_ready ${gaugeDown}`,
  });
  c.meiliProxy.set({ kind: 'pass' });
  const recovered = await until(async () => (await Promise.all(c.ports.map((_, i) => search(i)))).every((a) => a.status === 200), 45_000, 200);
  const readyAgain = await until(
    async () =>
      (await Promise.all(c.ports.map((p) => call(p, 'GET', '/readyz')))).every((a) => a.status === 200 && a.json?.status === 'ready') &&
      (await Promise.all(c.ports.map((_, i) => gauge(c, i, 'search_ready')))).every((g) => g === 1),
    // The process started while the engine was down builds its index on its next retry (at most 15 s apart).
    90_000,
    500,
  );
  criteria.push({ ok: recovered !== undefined, what: 'search answers 200 on every process once the engine is back (within 45 s)' });
  criteria.push({
    ok: readyAgain !== undefined,
    what: `/readyz "ready" (no longer degraded) and search_ready 1 on every process again (${readyAgain === undefined ? 'not within 90 s' : `after ${secs(readyAgain)}`})`,
  });
  return {
    n: 3,
    name: 'the search engine stopped, answering 503, slow',
    tally,
    acknowledged: 'none (reads only)',
    found: '-',
    duplicates: '-',
    recovery: recovered === undefined ? 'never (within 45 s)' : `${secs(recovered)} to search again on every process`,
    criteria,
    notes: [
      'documented choice: a temporary 503 with Retry-After and "Search is not available right now. Please try again in a moment." (pages: their try-again message, or the page cache\'s copy for up to PAGE_CACHE_TTL_MS)',
      'the embedded engine (one process, no MEILISEARCH_HOST) has no such dependency: it is unaffected by construction',
    ],
  };
}

// ---- 7: a rolling restart ---------------------------------------------------------------------------------------------
async function rollingRestart(c: Cluster): Promise<Report> {
  const tally = new Tally();
  const label = `s7-${Date.now()}`;
  const stopBrowsing = browse(c, tally, { workers: 4 });
  const leads = sendLeads(c, tally, label, { workers: 3 });
  const publishes = await publisher(c, tally, label);
  const exits: (number | null)[] = [];
  const readyAfter: number[] = [];
  for (let i = 0; i < c.ports.length; i++) {
    await sleep(1500);
    exits.push(await c.stop(i, 'SIGTERM'));
    const restarted = performance.now();
    c.start(i);
    const ok = await c.waitReady(i, 120_000);
    readyAfter.push(ok ? performance.now() - restarted : Infinity);
    log(`process ${i + 1} restarted (exit code ${itemAt(exits, i, 'the exit codes')}, ready after ${secs(itemAt(readyAfter, i, 'the restart times'))})`);
  }
  await sleep(1500);
  await Promise.all([stopBrowsing(), leads.stop(), publishes.stop()]);
  const stored = await leadsStored(c, label, leads.leads);
  const published = await publishesStored(c, publishes.acked);
  const errors = tally.count((s) => s === 0 || s >= 500);
  return {
    n: 7,
    name: 'a rolling restart (SIGTERM one process at a time) under load',
    tally,
    acknowledged: `${stored.acked} leads, ${published.acked} publishes`,
    found: `${stored.found} leads, ${published.found} publishes`,
    duplicates: `${stored.storedTwice} leads, ${published.twice} publishes`,
    recovery: `each process ready ${readyAfter.map(secs).join(', ')} after its restart`,
    criteria: [
      { ok: errors === 0, what: `0 errors at the balancer (${errors})` },
      { ok: exits.every((e) => e === 0), what: `every process exited cleanly on SIGTERM (exit codes ${exits.join(', ')})` },
      { ok: readyAfter.every(Number.isFinite), what: 'every restarted process became ready' },
      { ok: stored.found === stored.acked && stored.storedTwice === 0 && stored.acked > 0, what: 'every acknowledged lead stored once' },
      { ok: published.found === published.acked && published.acked > 0, what: 'every acknowledged publish stored' },
    ],
    // Why nginx answered an error, when it did: its error log's lines about the upstream, and the processes' errors.
    notes: errors
      ? [
          ...c.nginx
            .errors()
            .split('\n')
            .filter((l) => /upstream|502/.test(l) && !/connect\(\) failed|temporarily disabled/.test(l))
            .slice(0, 5),
          ...c.logs.flatMap((l, i) =>
            l
              .split('\n')
              .filter((line) => /"level":50|Error/.test(line))
              .slice(0, 3)
              .map((line) => `process ${i + 1}: ${line.slice(0, 600)}`),
          ),
        ]
      : [],
  };
}

// ---- 1: PostgreSQL restarts -------------------------------------------------------------------------------------------
async function editorSession(c: Cluster, i: number) {
  const res = await call(portOf(c, i), 'POST', '/editor/api/login', { body: STAFF });
  return { cookie: cookieOf(res.headers['set-cookie']), csrf: res.json?.csrf as string };
}

async function publishOn(c: Cluster, i: number, heading: string): Promise<Answer> {
  // Another staff member publishing meanwhile makes a publish conflict (409): open the new head and publish again.
  for (let attempt = 0; ; attempt++) {
    const a = await publishOnce(c, i, heading);
    if (a.status !== 409 || attempt === 5) return a;
  }
}

async function publishOnce(c: Cluster, i: number, heading: string) {
  const s = await editorSession(c, i);
  const opened = await call(portOf(c, i), 'GET', `/editor/api/tenants/${EDITOR_SITE}`, { headers: { cookie: s.cookie } });
  if (opened.status !== 200) return opened;
  const { doc, head } = opened.json;
  doc.pages['/'].blocks.find((b: { type: string }) => b.type === 'hero').props.heading = heading;
  return call(portOf(c, i), 'POST', `/editor/api/tenants/${EDITOR_SITE}/revisions`, {
    body: { baseRev: head.rev, doc, publish: true },
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf },
  });
}

async function postgresRestart(c: Cluster): Promise<Report> {
  const tally = new Tally();
  const label = `s1-${Date.now()}`;
  const pages = new Tally();
  const stopBrowsing = browse(c, pages, { workers: 3, path: ['/', '/contact', '/search'] });
  const leads = sendLeads(c, tally, label, { workers: 3 });
  const publishes = await publisher(c, tally, label);
  await sleep(2000);
  log('stopping PostgreSQL for 10 s');
  c.pgStop();
  const stopped = performance.now();
  const readyWhileDown = new Set<number>();
  const downStatuses = await until(
    async () => {
      const r = await Promise.all(c.ports.map((p) => call(p, 'GET', '/readyz', { timeoutMs: 5000 })));
      r.forEach((a) => readyWhileDown.add(a.status));
      return false;
    },
    Math.max(0, 10_000 - (performance.now() - stopped)),
    500,
  );
  void downStatuses;
  c.pgStart();
  const back = performance.now();
  log('PostgreSQL started again');
  const readyAt = await Promise.all(
    c.ports.map(async (p) => {
      const t = await until(async () => (await call(p, 'GET', '/readyz', { timeoutMs: 5000 })).status === 200, 30_000, 100);
      return t ?? Infinity;
    }),
  );
  // LISTEN/NOTIFY: a publish on process 1 reaches processes 2 and 3.
  const heading = `${label} after the restart`;
  const afterPublish = await publishOn(c, 0, heading);
  const publishedAt = performance.now();
  const seen = await Promise.all(
    [1, 2].map((i) =>
      until(async () => (await call(portOf(c, i), 'GET', '/', { host: `${EDITOR_SITE}.localhost:${portOf(c, i)}` })).text.includes(heading), 15_000, 100),
    ),
  );
  const followersMs = Math.max(...seen.map((s) => s ?? Infinity)) + (publishedAt - back);
  await sleep(2000);
  await Promise.all([stopBrowsing(), leads.stop(), publishes.stop()]);
  for (const [s, n] of pages.byStatus) for (let k = 0; k < n; k++) tally.add('GET page', { status: s, headers: {}, text: '', json: null, ms: 0 });
  tally.durations.push(...pages.durations);
  const stored = await leadsStored(c, label, leads.leads);
  const published = await publishesStored(c, publishes.acked);
  const slowest = Math.max(...tally.durations);
  const missing = leads.leads.filter((l) => l.leadId && !stored.foundIds.has(l.leadId));
  return {
    n: 1,
    name: 'PostgreSQL stopped for 10 s under load, then started',
    tally,
    acknowledged: `${stored.acked} leads, ${published.acked} publishes`,
    found: `${stored.found} leads, ${published.found} publishes`,
    duplicates: `${stored.storedTwice} leads, ${published.twice} publishes`,
    recovery: `/readyz 200 ${readyAt.map(secs).join(', ')} after PostgreSQL returned; a publish made once they were ready (${secs(publishedAt - back)} after PostgreSQL returned) reached the other processes ${secs(followersMs - (publishedAt - back))} after it was acknowledged`,
    criteria: [
      { ok: pages.count((s) => s !== 200) === 0, what: `pages kept answering 200 (${pages.statuses()})` },
      { ok: tally.count((s) => s === 500 || s === 0) === 0, what: 'no write answered 500 or went unanswered' },
      { ok: slowest < 15_000, what: `no request hung past the request timeout (slowest ${secs(slowest)})` },
      { ok: readyWhileDown.has(503) && !readyWhileDown.has(0), what: `/readyz 503 while it was down (seen: ${[...readyWhileDown].join(', ')})` },
      { ok: readyAt.every((t) => t <= 5000), what: '/readyz 200 within 5 s of its return on every process' },
      {
        ok: afterPublish.status === 201 && followersMs <= 5000 + (publishedAt - back),
        what: `LISTEN/NOTIFY followers reconnected: a publish reached the other processes within 5 s (publish ${afterPublish.status})`,
      },
      { ok: stored.found === stored.acked && stored.storedTwice === 0, what: 'every acknowledged lead stored once' },
      { ok: published.found === published.acked, what: 'every acknowledged publish stored' },
    ],
    notes: missing.length
      ? [`missing leads acknowledged at ${missing.map((l) => `${secs((l.ackedAt ?? 0) - stopped)} (${l.leadId})`).join(', ')} after the stop`]
      : [],
  };
}

// ---- 2: PostgreSQL slow -----------------------------------------------------------------------------------------------
async function postgresSlow(c: Cluster): Promise<Report> {
  const tally = new Tally();
  const label = `s2-${Date.now()}`;
  const pages = new Tally();
  for (const p of c.pgProxies) p.set({ kind: 'delay', ms: 500 });
  const stopBrowsing = browse(c, pages, { workers: 3, path: ['/', '/contact'] });
  const leads = sendLeads(c, tally, label, { workers: 6, perWorkerPauseMs: 0 });
  await sleep(10_000);
  const writeP99 = tally.percentile(99);
  const buckets = await call(portOf(c, 0), 'GET', '/metrics');
  const slowWrites = buckets.text
    .split('\n')
    .find((l) => l.startsWith('http_request_duration_seconds_bucket') && l.includes('route="/api/leads"') && l.includes('le="0.5"'));
  for (const p of c.pgProxies) p.set({ kind: 'pass' });
  const back = performance.now();
  await Promise.all([stopBrowsing(), leads.stop()]);
  const recovered = await until(async () => (await call(portOf(c, 0), 'GET', '/readyz')).status === 200, 10_000);
  const stored = await leadsStored(c, label, leads.leads);
  const slowest = Math.max(...tally.durations, ...pages.durations);
  return {
    n: 2,
    name: 'PostgreSQL slow (500 ms added to every exchange)',
    tally,
    acknowledged: `${stored.acked} leads`,
    found: `${stored.found} leads`,
    duplicates: `${stored.storedTwice}`,
    recovery: recovered === undefined ? 'never' : `${secs(performance.now() - back)} to ready`,
    criteria: [
      { ok: tally.count((s) => s === 500 || s === 0) === 0, what: `no write answered 500 or went unanswered (${tally.statuses()})` },
      { ok: pages.count((s) => s !== 200) === 0, what: `pages kept answering 200 (${pages.statuses()}; p99 ${secs(pages.percentile(99))})` },
      { ok: slowest < 15_000, what: `every request ended within the request timeout (slowest ${secs(slowest)}; leads p99 ${secs(writeP99)})` },
      { ok: Boolean(slowWrites), what: `the metrics show the slow writes (${slowWrites ?? 'no /api/leads duration buckets'})` },
      { ok: stored.found === stored.acked && stored.storedTwice === 0 && stored.acked > 0, what: 'every acknowledged lead stored once' },
    ],
  };
}

// ---- 6: one process partitioned from PostgreSQL ----------------------------------------------------------------------
/**
 * Watches every lease row (stock feeds and shopper alerts share inventory_feeds, keyed `alerts:{slug}` for alerts;
 * scheduled publishes hold theirs on the schedule) and counts a lease taken while another holder's was unexpired:
 * the database keeps one holder per lease, so that is what two processes holding it at once looks like from outside.
 */
function watchLeases(c: Cluster) {
  const seen = new Map<string, { until: number; ran: string | null }>();
  const taken = new Map<string, number>();
  const overlaps: string[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = Date.now();
      const rows = await c
        .query<{ key: string; until: string; ran: string | null }>(
          `SELECT slug AS key, lease_until::text AS until, last_run_at::text AS ran FROM inventory_feeds
           UNION ALL SELECT 'publish:' || id, lease_until::text, NULL FROM editor_scheduled_publishes WHERE status = 'running'`,
        )
        .catch(() => []);
      for (const { key, until, ran } of rows) {
        const next = Number(until);
        const before = seen.get(key);
        if (next > 0 && next !== before?.until) {
          taken.set(key, (taken.get(key) ?? 0) + 1);
          // Finished (last_run_at moved) and taken again between two looks is a handover, not an overlap.
          if (before !== undefined && before.until > at && before.ran === ran) overlaps.push(`${key} taken until ${next} while held until ${before.until}`);
        }
        seen.set(key, { until: next, ran });
      }
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const kinds = (prefix: string) => [...taken].filter(([k]) => k.startsWith(prefix)).reduce((n, [, v]) => n + v, 0);
      const feeds = [...taken].filter(([k]) => !k.startsWith('alerts:') && !k.startsWith('publish:')).reduce((n, [, v]) => n + v, 0);
      return { overlaps, alerts: kinds('alerts:'), publishes: kinds('publish:'), feeds };
    },
  };
}

/** A draft with `heading` scheduled to publish `inMs` from now, made on process `i`; the schedule's id. */
async function schedulePublish(c: Cluster, i: number, heading: string, inMs: number): Promise<number | undefined> {
  const s = await editorSession(c, i);
  const headers = { cookie: s.cookie, 'x-csrf-token': s.csrf };
  const opened = await call(portOf(c, i), 'GET', `/editor/api/tenants/${EDITOR_SITE}`, { headers });
  const { doc, head } = opened.json;
  doc.pages['/'].blocks.find((b: { type: string }) => b.type === 'hero').props.heading = heading;
  const draft = await call(portOf(c, i), 'POST', `/editor/api/tenants/${EDITOR_SITE}/revisions`, { body: { baseRev: head.rev, doc }, headers });
  const clock = await call(portOf(c, i), 'GET', `/editor/api/tenants/${EDITOR_SITE}/schedules`, { headers });
  const at = isoToZonedLocal(new Date(clock.json.now + inMs).toISOString(), clock.json.timeZone, true);
  const made = await call(portOf(c, i), 'POST', `/editor/api/tenants/${EDITOR_SITE}/schedules`, { body: { rev: draft.json?.revision?.rev, at }, headers });
  if (made.status !== 201) log(`scheduling a publish answered ${made.status}: ${made.text.slice(0, 200)}`);
  return made.json?.schedule?.id;
}

async function partition(c: Cluster): Promise<Report> {
  const tally = new Tally();
  const label = `s6-${Date.now()}`;
  // A shopper with a saved search on a site with alerts: the alert job leases only sites where some shopper has one.
  await c.query(
    `INSERT INTO shopper_accounts (id, tenant, email, name, phone, password_hash, created_at) VALUES ($1, 'big-sky-cars', $2, 'Fault Shopper', NULL, 'x', $3)
     ON CONFLICT DO NOTHING`,
    [`faults-shopper-${label}`, `${label}@example.com`, Date.now()],
  );
  await c.query(
    `INSERT INTO shopper_saved_searches (id, tenant, account_id, name, path, created_at, last_seen_at) VALUES ($1, 'big-sky-cars', $2, 'Kias', '/search/kia', $3, $3)`,
    [`faults-search-${label}`, `faults-shopper-${label}`, Date.now()],
  );
  const leaseWatch = watchLeases(c);
  const leads = sendLeads(c, tally, label, { workers: 3 });
  // Due while process 2 is cut off: the others must publish it, once.
  const scheduled = await schedulePublish(c, 0, `${label} scheduled`, 4000);
  await sleep(1000);
  itemAt(c.pgProxies, 1, 'the database proxies').set({ kind: 'blackhole' });
  const cut = performance.now();
  const out = await until(async () => (await call(portOf(c, 1), 'GET', '/readyz', { timeoutMs: 5000 })).status === 503, 15_000, 250);
  const others = await Promise.all([0, 2].map((i) => call(portOf(c, i), 'GET', '/readyz')));
  const outAfter = out === undefined ? undefined : performance.now() - cut;
  await sleep(4000);
  // The outbox leases of the cut-off process run out; the others deliver its claims (each lead id once at the CRM).
  itemAt(c.pgProxies, 1, 'the database proxies').set({ kind: 'pass' });
  const healed = performance.now();
  const back = await until(async () => (await call(portOf(c, 1), 'GET', '/readyz', { timeoutMs: 5000 })).status === 200, 30_000, 250);
  await sleep(1000);
  await leads.stop();
  const ackedIds = leads.leads.flatMap((l) => (l.leadId ? [l.leadId] : []));
  await until(() => ackedIds.every((id) => c.crm.received.has(id)), 45_000, 250);
  const stored = await leadsStored(c, label, leads.leads);
  await until(
    async () => (await c.query<{ status: string }>('SELECT status FROM editor_scheduled_publishes WHERE id = $1', [scheduled]))[0]?.status !== 'pending',
    30_000,
    250,
  );
  const leases = await leaseWatch.stop();
  const [schedule] = await c.query<{ status: string }>('SELECT status FROM editor_scheduled_publishes WHERE id = $1', [scheduled]);
  const scheduledPublish = await publishesStored(c, [`${label} scheduled`]);
  return {
    n: 6,
    name: 'one process cut off from PostgreSQL, not from the balancer',
    tally,
    acknowledged: `${stored.acked} leads`,
    found: `${stored.found} leads, ${stored.delivered} delivered`,
    duplicates: `${stored.storedTwice} stored twice, ${stored.deliveredTwice} delivered twice`,
    recovery: `taken out after ${outAfter === undefined ? 'never' : secs(outAfter)}; ready ${back === undefined ? 'never' : secs(performance.now() - healed)} after the network healed`,
    criteria: [
      { ok: outAfter !== undefined && outAfter <= 10_000, what: '/readyz of the cut-off process answered 503 within 10 s (two probe intervals of 5 s)' },
      { ok: others.every((a) => a.status === 200), what: `the other processes stayed ready (${others.map((a) => a.status).join(', ')})` },
      { ok: back !== undefined, what: 'the cut-off process became ready again by itself' },
      { ok: stored.found === stored.acked && stored.storedTwice === 0 && stored.acked > 0, what: 'every acknowledged lead stored once' },
      {
        ok: stored.delivered === stored.acked,
        what: `every acknowledged lead reached the CRM (${stored.deliveredTwice} twice: at least once, de-duplicated by lead_id)`,
      },
      {
        ok: leases.overlaps.length === 0 && leases.alerts > 0 && leases.publishes > 0,
        what: `no lease taken while another process held it (${leases.overlaps.length}; leases taken: alerts ${leases.alerts}, scheduled publish ${leases.publishes}, feeds ${leases.feeds})${leases.overlaps.length ? `: ${leases.overlaps.slice(0, 3).join('; ')}` : ''}`,
      },
      {
        ok: schedule?.status === 'published' && scheduledPublish.found === 1 && scheduledPublish.twice === 0,
        what: `the publish scheduled for the cut-off published once (schedule ${schedule?.status}; published revisions ${scheduledPublish.twice ? '2+' : scheduledPublish.found})`,
      },
    ],
  };
}

// ---- run --------------------------------------------------------------------------------------------------------------
if (!existsSync(join(root, 'dist/server/main.js'))) {
  console.log('dist/server/main.js is missing: build first (npm run build)');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const started = performance.now();
let cluster: Cluster | undefined;
const scenarios: [number, (c: Cluster) => Promise<Report>][] = [
  [4, crmAndMailDown],
  [3, searchDown],
  [7, rollingRestart],
  [1, postgresRestart],
  [2, postgresSlow],
  [6, partition],
];
let crashed: string | undefined;
// Stopped by hand: the processes, nginx and PostgreSQL this run started go with it.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void (cluster?.close() ?? Promise.resolve()).finally(() => process.exit(130));
  });
try {
  if (scenarios.some(([n]) => wanted(n))) {
    log(`starting PostgreSQL, three processes, nginx on ${BASE_PORT}`);
    cluster = await startCluster(root, BASE_PORT);
    for (const [n, run] of scenarios.flatMap((s) => Array.from({ length: REPEAT }, () => s))) {
      if (!wanted(n)) continue;
      log(`scenario ${n}`);
      const t = performance.now();
      // Each scenario bounded: past 6 minutes the run stops (a rolling restart on a loaded 2-core machine takes 4-5).
      const report = await Promise.race([
        run(cluster),
        sleep(360_000).then(() => {
          throw new Error(`scenario ${n} did not finish within 6 minutes`);
        }),
      ]);
      report.notes = [...(report.notes ?? []), `took ${secs(performance.now() - t)}`];
      reports.push(report);
      print(report);
      if (process.env.FAULTS_DEBUG) console.log(cluster.logs.map((l, i) => `--- process ${i + 1}\n${l.slice(-4000)}`).join('\n'));
    }
  }
  if (wanted(5)) {
    log('scenario 5');
    const report = await diskFull(root, BASE_PORT + 12);
    reports.push(report);
    print(report);
  }
} catch (error) {
  crashed = String((error as Error).stack ?? error);
  console.error(crashed);
  if (cluster) console.error(cluster.logs.map((l, i) => `--- process ${i + 1}\n${l.slice(-3000)}`).join('\n'));
} finally {
  await cluster?.close();
}
const counted = reports.filter((r) => !r.skipped);
const passed = counted.filter((r) => r.criteria.every((c) => c.ok)).length;
const failed = counted.length - passed + (crashed ? 1 : 0);
console.log(`\nfinished after ${secs(performance.now() - started)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
