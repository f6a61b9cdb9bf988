// The rate-limit module on both stores: memory (one process) and PostgreSQL (shared by every process; runs when
// TEST_DATABASE_URL is set), plus the routes that use it: editor sign-in, lead posts, phone reveals.
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_REVEALS, RateLimits, type RateLimitRule } from './rate-limit';
import { startSitesServer, type SitesServer } from '../../test-support/server';
import { parseTrustProxy } from '../server/trust-proxy';

const stores: [string, () => Promise<RateLimits>][] = [['memory', async () => RateLimits.memory()]];
if (process.env.TEST_DATABASE_URL) stores.push(['postgres', () => RateLimits.postgres(process.env.TEST_DATABASE_URL!)]);

let run = 0;
/** A rule of its own per test, so counters left in a shared database never meet. */
const rule = (points: number, windowSeconds = 60): RateLimitRule => ({ name: `test-${process.pid}-${Date.now()}-${run++}`, points, windowSeconds });

describe.each(stores)('rate limits in %s', (store, open) => {
  let limits: RateLimits;
  let other: RateLimits;
  beforeAll(async () => {
    limits = await open();
    other = store === 'postgres' ? await open() : limits;
  });
  afterAll(async () => {
    await limits.close();
    if (other !== limits) await other.close();
  });

  it('allows `points` hits per window per key, then refuses with the seconds to wait', async () => {
    const r = rule(3, 60);
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limits.consume(r, 'client-a'));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[2]?.remaining).toBe(0);
    expect(verdicts[3]?.retryAfterSeconds).toBeGreaterThan(0);
    expect(verdicts[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limits.consume(r, 'client-b')).allowed).toBe(true);
  });

  it('takes a per-request limit (a site setting) over the rule default', async () => {
    const r = rule(10);
    expect((await limits.consume(r, 'k', { points: 1 })).allowed).toBe(true);
    expect((await limits.consume(r, 'k', { points: 1 })).allowed).toBe(false);
  });

  it('check() reports without counting; reset() forgets a key', async () => {
    const r = rule(2);
    await limits.consume(r, 'k');
    expect((await limits.check(r, 'k')).allowed).toBe(true);
    expect((await limits.check(r, 'k')).allowed).toBe(true);
    await limits.consume(r, 'k');
    expect((await limits.check(r, 'k')).allowed).toBe(false);
    await limits.reset(r, 'k');
    expect((await limits.check(r, 'k')).allowed).toBe(true);
  });

  it('hits() counts without counting; block() refuses for its seconds; reward() gives a hit back (across processes)', async () => {
    const r = rule(3, 600);
    expect(await limits.hits(r, 'k')).toBe(0);
    await limits.consume(r, 'k');
    await limits.consume(r, 'k');
    expect(await other.hits(r, 'k')).toBe(2);
    await limits.reward(r, 'k');
    expect(await other.hits(r, 'k')).toBe(1);
    const wait = { ...rule(1, 1), name: `${r.name}-wait` };
    await limits.block(wait, 'k', 30);
    const blocked = await other.check(wait, 'k');
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(25);
    expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(30);
    await other.reset(wait, 'k');
    expect((await limits.check(wait, 'k')).allowed).toBe(true);
  });

  it('hashes long keys to fit the store', async () => {
    const r = rule(1);
    const long = `${'x'.repeat(300)}@example.com`;
    expect((await limits.consume(r, long)).allowed).toBe(true);
    expect((await limits.consume(r, long)).allowed).toBe(false);
  });

  it(
    store === 'postgres' ? 'shares counters between two server processes (two pools on one database)' : 'shares counters between routes of one process',
    async () => {
      const r = rule(2);
      expect((await limits.consume(r, 'shared')).allowed).toBe(true);
      expect((await other.consume(r, 'shared')).allowed).toBe(true);
      expect((await limits.consume(r, 'shared')).allowed).toBe(false);
      expect((await other.consume(r, 'shared')).allowed).toBe(false);
    },
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('rate limits in PostgreSQL, first start', () => {
  it('three processes starting together on a database without the table all start (the table is made once)', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const schema = `rate_limits_start_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      for (let round = 0; round < 3; round++) {
        await admin.query(`DROP TABLE IF EXISTS ${schema}.rate_limits`);
        const opened = await Promise.all([0, 1, 2].map(() => RateLimits.postgres(url.toString())));
        const r = rule(1);
        expect((await opened[0]?.consume(r, 'k'))?.allowed).toBe(true);
        expect((await opened[2]?.consume(r, 'k'))?.allowed).toBe(false);
        await Promise.all(opened.map((limits) => limits.close()));
      }
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('parses Express trust proxy values; loopback by default', () => {
    expect(parseTrustProxy(undefined)).toEqual(['loopback']);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, loopback')).toEqual(['10.0.0.0/8', 'loopback']);
  });
});

/** A JSON POST with a chosen Host and headers. */
function post(
  server: Server,
  host: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
): Promise<{ status: number; headers: Record<string, unknown>; json: any }> {
  const { port } = server.address() as AddressInfo;
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: data ? JSON.parse(data) : null }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('phone reveals', () => {
  let sites: SitesServer;
  const host = 'big-sky-cars.localhost';
  let carId: number;
  beforeAll(async () => {
    sites = await startSitesServer({ total: 300 });
    const found = await post(sites.server, host, '/api/search', { queries: [{ q: '', hitsPerPage: 1 }] });
    carId = found.json.results[0].hits[0].id;
  }, 60_000);
  afterAll(() => sites.close());

  it("refuse another site's pages (Origin) with 403", async () => {
    const res = await post(sites.server, host, '/api/cars/phone-reveal', { car_id: carId }, { origin: 'http://harbourside-mazda.localhost' });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('wrong_site');
    expect((await post(sites.server, host, '/api/cars/phone-reveal', { car_id: carId }, { origin: `http://${host}` })).status).toBe(201);
  });

  it(`allow ${PHONE_REVEALS.points} a minute per address (from X-Forwarded-For of the trusted local proxy), then 429 with Retry-After`, async () => {
    const from = (ip: string) => post(sites.server, host, '/api/cars/phone-reveal', { car_id: carId }, { 'x-forwarded-for': ip });
    for (let i = 0; i < PHONE_REVEALS.points; i++) expect((await from('10.20.30.40')).status).toBe(201);
    const limited = await from('10.20.30.40');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json.error).toBe('Too many requests from this connection. Please wait a minute and try again.');
    // another shopper behind the same balancer has an allowance of their own
    expect((await from('10.20.30.41')).status).toBe(201);
  });
});
