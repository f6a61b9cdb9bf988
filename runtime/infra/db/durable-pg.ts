// One opener for the PostgreSQL stores (leads' siblings: accounts, reservations, trade-in, unsubscribes, views, editor
// sessions): a pool, and the store's tables created under an advisory lock, because several server processes starting
// together would otherwise race on CREATE TABLE IF NOT EXISTS.
import pg from 'pg';

/** The lock every store's schema setup takes (one key: setups are short and run only at start). */
const SCHEMA_LOCK = 727275;

/**
 * How long a connection attempt and a query may take (PG_CONNECT_TIMEOUT_MS, default 5 s; PG_QUERY_TIMEOUT_MS, default
 * 10 s, also set as the session's statement_timeout). Without them a database that is restarting, slow or cut off
 * would hold requests, and the pool's connections, with no end.
 */
export function pgTimeouts(env: NodeJS.ProcessEnv = process.env) {
  const ms = (value: string | undefined, fallback: number) => (value && Number(value) > 0 ? Number(value) : fallback);
  const query = ms(env.PG_QUERY_TIMEOUT_MS, 10_000);
  return { connectionTimeoutMillis: ms(env.PG_CONNECT_TIMEOUT_MS, 5_000), query_timeout: query, statement_timeout: query, keepAlive: true };
}

/** `schema`: the SQL to run, or a function given the locked client (the migrations of stores written over Kysely). */
export async function openPgPool(connectionString: string, schema: string | ((client: pg.PoolClient) => Promise<void>), max: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString, max, ...pgTimeouts() });
  // A connection lost while idle (the database restarted) is reported here; unheard, it would end the process. The pool
  // drops it and opens a new one for the next query.
  pool.on('error', (error) => console.error(`PostgreSQL: an idle connection was lost (${error.message}); a new one opens when needed`));
  // The same for a connection in use between two queries (a transaction awaiting other work when the database shuts
  // down): pg-pool listens on idle ones only. The query in progress fails on its own; the pool drops the connection.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error(`PostgreSQL: a connection in use was lost (${error.message})`));
  });
  try {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
      try {
        if (typeof schema === 'string') await client.query(schema);
        else await schema(client);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}
