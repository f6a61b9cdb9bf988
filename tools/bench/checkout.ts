// Checkout safety bench: npx tsx tools/bench/checkout.ts [--one-car 200] [--mix 400] [--cars 20] [--kills 3] [--build]
//
// Starts the built server (BENCH_BUILD_DIR, default dist; built with --build or when missing) with a fresh
// reservation database and the local test payment provider, then:
//   1. fires --one-car (default 200) concurrent shoppers at the same car,
//   2. fires --mix (default 400) shoppers at --cars (default 20) cars, one in ten paying with a declined card,
// each shopper retrying with its own idempotency key until the server answers (like a browser retry), paying the
// deposit and asking for the result, while the server is SIGKILLed --kills times and restarted. It then prints:
// reservations confirmed, cars with more than one active reservation (must be 0), charges without a reservation
// (must be 0) and reservations without a charge (must be 0). Exit 0 when all three are 0. Loopback only.
// DATABASE_URL, when set, is passed to the server (PostgreSQL) and used for the check; otherwise a SQLite file.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { optionValue } from './option';
import { itemAt } from '../../test-support/at-least';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  return Number(optionValue(args, name, String(fallback)));
};
const ONE_CAR = opt('one-car', 200);
const MIX = opt('mix', 400);
const CARS = opt('cars', 20);
const KILLS = opt('kills', 3);
const PORT = opt('port', 4161);
const DEADLINE_S = opt('deadline', 300);
const SITE = 'big-sky-cars';
const buildDir = resolve(process.env.BENCH_BUILD_DIR ?? join(root, 'dist'));
const databaseUrl = process.env.DATABASE_URL;
const deadline = Date.now() + DEADLINE_S * 1000;
const log = (m: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}`);

const serverMain = join(buildDir, 'server/main.js');
if (args.includes('--build') || !existsSync(serverMain)) {
  log(`building into ${buildDir}`);
  for (const a of [
    ['vite', 'build', '--outDir', join(buildDir, 'client'), '--logLevel', 'warn'],
    ['vite', 'build', '--ssr', 'runtime/server/main.ts', '--outDir', join(buildDir, 'server'), '--logLevel', 'warn'],
  ]) {
    if (spawnSync('npx', a, { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
  }
}
if (!existsSync(join(buildDir, 'node_modules')) && buildDir !== join(root, 'dist')) symlinkSync(join(root, 'node_modules'), join(buildDir, 'node_modules'));

const work = mkdtempSync(join(tmpdir(), 'checkout-bench-'));
const reservationsDb = join(work, 'reservations.sqlite');
let server: ChildProcess | undefined;
let starts = 0;

// biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
function http(method: string, path: string, body?: unknown, ip = '127.0.0.1'): Promise<{ status: number; json: any }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path,
        // Each shopper its own address (the server trusts X-Forwarded-For from loopback), so the per-client rate limit
        // measures shoppers, not the bench.
        headers: {
          host: `${SITE}.localhost:${PORT}`,
          'x-forwarded-for': ip,
          ...(text ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}),
        },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
          let json: any = null;
          try {
            json = data ? JSON.parse(data) : null;
          } catch {
            /* not JSON */
          }
          resolvePromise({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
    req.end(text);
  });
}

async function startServer() {
  starts++;
  server = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      ...process.env,
      TENANT_STORE: 'files',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      EDITOR_PUBLIC_URL: `http://localhost:${PORT}`,
      CLIENT_DIR: join(buildDir, 'client'),
      RESERVATIONS_DB: reservationsDb,
      LEADS_DB: join(work, 'leads.sqlite'),
      INVENTORY_SIZE: '600',
      EDITOR_DATA_DIR: join(work, 'editor'),
      RESERVATIONS_SWEEP_MS: '2000',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      TEST_CLOCK: '',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start before the deadline');
    if (
      await http('GET', '/healthz').then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
function killServer() {
  server?.kill('SIGKILL');
  server = undefined;
}

/** Retries a request until the server answers (a restart in between is a network error). */
async function until<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    if (Date.now() > deadline) throw new Error('deadline');
    try {
      return await fn();
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

interface Outcome {
  told: 'paid' | 'reserved' | 'declined' | 'other';
  reservationId?: string;
}
const shoppers: Outcome[] = [];
let ipCounter = 0;

async function shopper(carSlug: string, cardNumber: string): Promise<Outcome> {
  const ip = `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  const key = `bench-${randomUUID()}`;
  const values = { name: 'Bench Shopper', email: 'bench@example.com', phone: '0412 345 678', postcode: '4000' };
  const held = await until(() =>
    http('POST', '/api/checkout/reservations', { car_id: carSlug, values, idempotency_key: key }, ip).then((r) => {
      if (r.status >= 500 || r.status === 0) throw new Error(String(r.status));
      return r;
    }),
  );
  if (held.status === 409) return { told: 'reserved' };
  if (held.status === 402 || held.status === 410) return { told: 'declined' };
  if (held.status >= 300) return { told: 'other' };
  const id: string = held.json.reservation_id;
  if (held.json.status !== 'paid') {
    const { intent_id, client_secret } = held.json.payment;
    const paid = await until(() =>
      http('POST', `/api/payments/local/intents/${intent_id}/confirm`, { client_secret, card: { number: cardNumber, expiry: '12/34', cvc: '123' } }, ip).then(
        (r) => {
          if (r.status >= 500 || r.status === 0) throw new Error(String(r.status));
          return r;
        },
      ),
    );
    if (paid.json?.status === 'requires_payment_method') return { told: 'declined', reservationId: id };
  }
  // Ask our server (which asks the provider) until it settles.
  for (let i = 0; i < 40; i++) {
    const status = await until(() => http('GET', `/api/checkout/reservations/${id}`, undefined, ip));
    if (status.json?.status === 'paid') return { told: 'paid', reservationId: id };
    if (status.status === 402 || ['declined', 'expired', 'cancelled'].includes(status.json?.status)) return { told: 'declined', reservationId: id };
    await new Promise((r) => setTimeout(r, 100));
  }
  return { told: 'other', reservationId: id };
}

async function killer(kills: number, spreadMs: number) {
  for (let k = 0; k < kills; k++) {
    await new Promise((r) => setTimeout(r, spreadMs * (0.5 + Math.random())));
    log(`SIGKILL #${k + 1}`);
    killServer();
    await startServer();
  }
}

// ---- run ---------------------------------------------------------------------------------------------------------
log(`server ${serverMain}; reservations in ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : reservationsDb}`);
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('DROP TABLE IF EXISTS reservations, test_payment_intents, checkout_journeys');
  await client.end();
}
await startServer();
const search = await http('POST', '/api/search', { queries: [{ q: '', filter: 'status = in_stock AND reserved = false', hitsPerPage: CARS + 1 }] });
const cars: { id: number; slug: string }[] = search.json.results[0].hits;
const [target, ...mixCars] = cars;
if (!target || cars.length < CARS + 1) throw new Error(`need ${CARS + 1} free cars of ${SITE}, found ${cars.length}`);

const started = performance.now();
const phase1Kills = Math.ceil(KILLS / 2);
log(`phase 1: ${ONE_CAR} concurrent shoppers at ${target.slug}, ${phase1Kills} SIGKILL(s)`);
const phase1 = Promise.all(Array.from({ length: ONE_CAR }, () => shopper(target.slug, '4242424242424242')));
await Promise.all([phase1.then((o) => shoppers.push(...o)), killer(phase1Kills, 300)]);
log(`phase 2: ${MIX} shoppers over ${CARS} cars (10% declined cards), ${KILLS - phase1Kills} SIGKILL(s)`);
const phase2 = Promise.all(
  Array.from({ length: MIX }, (_, i) => shopper(itemAt(mixCars, i % CARS, 'the cars of the mix').slug, i % 10 === 0 ? '4000000000000002' : '4242424242424242')),
);
await Promise.all([phase2.then((o) => shoppers.push(...o)), killer(KILLS - phase1Kills, 400)]);
const seconds = (performance.now() - started) / 1000;

// One last restart: the start-up sweep reconciles anything a kill left half-done, as production would.
killServer();
await startServer();
killServer();

// ---- check -------------------------------------------------------------------------------------------------------
// biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name and converted where the row is mapped
type Row = Record<string, any>;
let reservations: Row[];
let intents: Row[];
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  reservations = (await client.query('SELECT * FROM reservations')).rows;
  intents = (await client.query('SELECT * FROM test_payment_intents')).rows;
  await client.end();
} else {
  const db = new Database(reservationsDb, { readonly: true });
  reservations = db.prepare('SELECT * FROM reservations').all() as Row[];
  intents = db.prepare('SELECT * FROM test_payment_intents').all() as Row[];
  db.close();
}
const paid = reservations.filter((r) => r.status === 'paid');
const activeByCar = new Map<number, number>();
for (const r of reservations)
  if (r.status === 'pending' || r.status === 'paid') activeByCar.set(Number(r.car_id), (activeByCar.get(Number(r.car_id)) ?? 0) + 1);
const carsDoubleHeld = [...activeByCar.values()].filter((n) => n > 1).length;
const charged = intents.filter((i) => i.status === 'succeeded' && Number(i.refunded_amount) < Number(i.amount));
const paidIntentIds = new Set(paid.map((r) => r.payment_intent_id));
const chargedIds = new Set(charged.map((i) => i.id));
const chargesWithoutReservation = charged.filter((i) => !paidIntentIds.has(i.id)).length;
const reservationsWithoutCharge = paid.filter((r) => !chargedIds.has(r.payment_intent_id)).length;
const toldPaid = shoppers.filter((s) => s.told === 'paid');
const toldPaidButNot = toldPaid.filter((s) => !paid.some((r) => r.id === s.reservationId)).length;
const refunded = intents.filter((i) => Number(i.refunded_amount) > 0).length;

console.log('');
console.log(
  `shoppers                                   ${shoppers.length} in ${seconds.toFixed(1)} s, ${starts - 1} restarts (${KILLS} SIGKILLs during the run)`,
);
console.log(
  `  told paid / reserved by another / declined / other: ${toldPaid.length} / ${shoppers.filter((s) => s.told === 'reserved').length} / ${shoppers.filter((s) => s.told === 'declined').length} / ${shoppers.filter((s) => s.told === 'other').length}`,
);
console.log(`reservations confirmed                     ${paid.length} (of ${reservations.length} stored; cars: 1 + ${CARS})`);
console.log(`cars with more than one active reservation ${carsDoubleHeld}`);
console.log(`charges without a reservation              ${chargesWithoutReservation}`);
console.log(`reservations without a charge              ${reservationsWithoutCharge}`);
console.log(`shoppers told "paid" not stored as paid     ${toldPaidButNot}`);
console.log(`late payments refunded                     ${refunded}`);
rmSync(work, { recursive: true, force: true });
const ok = carsDoubleHeld === 0 && chargesWithoutReservation === 0 && reservationsWithoutCharge === 0 && toldPaidButNot === 0 && paid.length <= CARS + 1;
console.log(ok ? 'OK' : 'FAILED');
process.exit(ok ? 0 : 1);
