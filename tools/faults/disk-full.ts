// Scenario 5: the disk fills under a single process on its SQLite files (the default deployment). Its data folder is a
// small tmpfs (root may mount one; otherwise the scenario says why it cannot run), filled with a file until ENOSPC:
// leads and editor uploads must answer 503/507 with a message, the process stay up, the SQLite files stay whole, and
// writes work again once the filler is removed.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { AccountStore } from '../../runtime/editor/accounts';
import { accountsFile } from '../../runtime/editor/paths';
import { call, EDITOR_SITE, sleep, STAFF } from './cluster';
import { Tally, type Report } from './load';
import { cookieOf } from '../../test-support/cookies';

const SITE = 'big-sky-cars';

/** Writes zeros until the file system says ENOSPC. */
function fill(file: string) {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
}

export async function diskFull(root: string, port: number): Promise<Report> {
  const tally = new Tally();
  const work = mkdtempSync(join(tmpdir(), 'faults-disk-'));
  const data = join(work, 'data');
  mkdirSync(data);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', data], { encoding: 'utf8' });
  const report: Report = {
    n: 5,
    name: 'the disk full (SQLite and uploads, one process)',
    tally,
    acknowledged: '-',
    found: '-',
    duplicates: '-',
    recovery: '-',
    criteria: [],
  };
  if (mounted.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    return { ...report, skipped: `cannot mount a tmpfs here (${mounted.stderr.trim() || 'not root'})` };
  }
  const editorDir = join(data, 'editor');
  await new AccountStore(accountsFile(editorDir)).create({ email: STAFF.email, name: 'Faults Staff', password: STAFF.password, tenants: [EDITOR_SITE] });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    EDITOR_PUBLIC_URL: `http://localhost:${port}`,
    SITE_URL_TEMPLATE: `http://{slug}.localhost:${port}`,
    TENANTS_DIR: join(root, 'tenants'),
    EDITOR_DATA_DIR: editorDir,
    INVENTORY_SIZE: '300',
    LEADS_DB: join(data, 'leads.sqlite'),
    ACCOUNTS_DB: join(data, 'accounts.sqlite'),
    RESERVATIONS_DB: join(data, 'reservations.sqlite'),
    VIEWS_DB: join(data, 'views.sqlite'),
    UNSUBSCRIBE_DB: join(data, 'unsubscribe.sqlite'),
    TRADE_IN_DB: join(data, 'trade-in.sqlite'),
    TRADE_IN_UPLOADS_DIR: join(data, 'uploads'),
    // The image cache and the demo stock cache stay off the full disk: they are caches, not data.
    IMAGE_CACHE_DIR: join(work, 'image-cache'),
    TRADE_IN_LINK_SECRET: 'faults-secret',
    UNSUBSCRIBE_LINK_SECRET: 'faults-secret',
    SIGN_IN_DEVICE_SECRET: 'faults-secret',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
  };
  for (const k of ['DATABASE_URL', 'MEILISEARCH_HOST', 'SMTP_URL', 'TEMPLATES_DIR', 'TENANT_STORE']) delete env[k];
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let logs = '';
  child.stdout.on('data', (d) => (logs = (logs + d).slice(-20_000)));
  child.stderr.on('data', (d) => (logs = (logs + d).slice(-20_000)));
  const host = `${SITE}.localhost:${port}`;
  const dealership = (JSON.parse(readFileSync(join(root, 'tenants', `${SITE}.json`), 'utf8')) as { dealerships: { slug: string }[] }).dealerships[0]?.slug;
  if (!dealership) throw new Error(`tenants/${SITE}.json has no dealership to send leads to`);
  const lead = (n: number, key = randomUUID()) =>
    call(port, 'POST', '/api/leads', {
      host,
      body: {
        form: 'enquiry',
        values: {
          name: `Disk ${n}`,
          email: `disk${n}@example.com`,
          phone: '0412 345 678',
          message: `disk full #${n} ${'x'.repeat(2000)}`,
          category: 'General Enquiry',
          last_name: 'Shopper',
          postcode: '4000',
          terms_conditions: true,
          location: 'Brisbane',
          dealership_slug: dealership,
        },
      },
      headers: { 'idempotency-key': key, 'x-forwarded-for': `10.66.0.${n}`, origin: `http://${host}` },
    });
  try {
    const ready = await (async () => {
      for (let i = 0; i < 1200; i++) {
        if ((await call(port, 'GET', '/readyz', { timeoutMs: 2000 })).status === 200) return true;
        if (child.exitCode !== null) return false;
        await sleep(100);
      }
      return false;
    })();
    if (!ready) throw new Error(`the single process did not become ready:\n${logs.slice(-3000)}`);
    const login = await call(port, 'POST', '/editor/api/login', { body: STAFF });
    const session = { cookie: cookieOf(login.headers['set-cookie']), csrf: login.json?.csrf as string };
    const image = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a6ea5' } })
      .png()
      .toBuffer();
    const upload = () =>
      call(port, 'POST', `/editor/api/tenants/${EDITOR_SITE}/media`, {
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'x-file-name': 'banner.png', 'content-type': 'image/png' },
        raw: image,
      });
    const acked: string[] = [];
    const before = await lead(1);
    tally.add('POST /api/leads', before);
    if (before.status === 201) acked.push(before.json.lead_id);

    fill(join(data, 'filler'));
    const refused: string[] = [];
    let n = 2;
    for (; n < 12; n++) {
      const a = await lead(n);
      tally.add('POST /api/leads', a);
      if (a.status === 201) acked.push(a.json.lead_id);
      else refused.push(`${a.status} ${a.json?.error ?? a.text.slice(0, 80)}`);
    }
    const up = await upload();
    tally.add('POST media', up);
    const page = await call(port, 'GET', '/', { host });
    tally.add('GET /', page);
    const alive = (await call(port, 'GET', '/healthz')).status === 200 && child.exitCode === null;

    rmSync(join(data, 'filler'));
    const freed = performance.now();
    let recovered: number | undefined;
    for (let k = 0; k < 50 && recovered === undefined; k++) {
      const a = await lead(100 + k);
      tally.add('POST /api/leads', a);
      if (a.status === 201) {
        acked.push(a.json.lead_id);
        recovered = performance.now() - freed;
      } else await sleep(200);
    }
    const upAgain = await upload();
    tally.add('POST media', upAgain);
    await sleep(500);
    const leadAnswers = tally.durations.length;
    void leadAnswers;

    // What was acknowledged is there, once, and the file is whole.
    const db = new Database(join(data, 'leads.sqlite'), { readonly: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    const ids = new Set((db.prepare('SELECT lead_id FROM leads').all() as { lead_id: string }[]).map((r) => r.lead_id));
    const rows = (db.prepare("SELECT count(*) AS n FROM leads WHERE json_extract(payload, '$.message') LIKE 'disk full #%'").get() as { n: number }).n;
    db.close();
    const found = acked.filter((id) => ids.has(id)).length;
    const fullAnswers = [...tally.byStatus.keys()].filter((s) => s === 503 || s === 507);
    return {
      ...report,
      acknowledged: `${acked.length} leads`,
      found: `${found} leads (${rows} rows)`,
      duplicates: `${rows - new Set(acked).size}`,
      recovery: recovered === undefined ? 'never' : `${(recovered / 1000).toFixed(1)} s from space freed to a stored lead`,
      criteria: [
        {
          ok: refused.length > 0 && refused.every((r) => /^(503|507) \S/.test(r)),
          what: `leads on a full disk answered 503/507 with a message (${refused.slice(0, 1).join('') || 'none refused'}${refused.length > 1 ? ` and ${refused.length - 1} more` : ''})`,
        },
        {
          ok: up.status === 507 && typeof up.json?.error === 'string',
          what: `an editor upload on a full disk: ${up.status} "${up.json?.error ?? up.text.slice(0, 80)}"`,
        },
        { ok: tally.count((s) => s === 500 || s === 0) === 0 && fullAnswers.length > 0, what: `never a 500 (${tally.statuses()})` },
        { ok: alive && page.status === 200, what: `the process stayed up and kept serving pages (${page.status})` },
        { ok: recovered !== undefined && upAgain.status === 201, what: `writes work again once space returns (upload ${upAgain.status})` },
        {
          ok: integrity === 'ok' && found === acked.length && rows === acked.length,
          what: `nothing half-written: integrity_check ${integrity}, every acknowledged lead read back once`,
        },
      ],
    };
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    spawnSync('umount', [data]);
    rmSync(work, { recursive: true, force: true });
  }
}
