import { describe, expect, it } from 'vitest';
import { openPgPool, pgTimeouts } from './durable-pg';

describe('pgTimeouts', () => {
  it('bounds connecting (5 s) and every query (10 s, client and server side) unless the environment says otherwise', () => {
    expect(pgTimeouts({})).toEqual({ connectionTimeoutMillis: 5000, query_timeout: 10_000, statement_timeout: 10_000, keepAlive: true });
    expect(pgTimeouts({ PG_CONNECT_TIMEOUT_MS: '1500', PG_QUERY_TIMEOUT_MS: '2500' })).toMatchObject({
      connectionTimeoutMillis: 1500,
      query_timeout: 2500,
      statement_timeout: 2500,
    });
    // A value that is not a positive number keeps the default rather than turning the bound off.
    expect(pgTimeouts({ PG_CONNECT_TIMEOUT_MS: '0', PG_QUERY_TIMEOUT_MS: 'soon' })).toMatchObject({ connectionTimeoutMillis: 5000, query_timeout: 10_000 });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('openPgPool when PostgreSQL ends a connection (set TEST_DATABASE_URL, see tools/ci/postgres.sh)', () => {
  it('survives a connection ended while checked out between queries, and the next query gets a new one', async () => {
    const pool = await openPgPool(process.env.TEST_DATABASE_URL!, 'SELECT 1', 2);
    const admin = await pool.connect();
    const held = await pool.connect();
    const pid = (await held.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    // 'end' comes after the 'error' event, and listening for it does not answer that event (a listener on 'error' would).
    const lost = new Promise((r) => held.once('end', r));
    // As a restart does: the server ends the backend of a connection that is checked out but between queries.
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await lost; // its 'error' unheard, the process would have ended here
    held.release(true);
    admin.release();
    expect((await pool.query('SELECT 41 + 1 AS n')).rows[0].n).toBe(42);
    await pool.end();
  });
});
