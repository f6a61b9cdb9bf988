// One opener for the PostgreSQL stores (leads' siblings: accounts, reservations, trade-in, unsubscribes, views, editor
// sessions): a pool, and the store's tables created under an advisory lock, because several server processes starting
// together would otherwise race on CREATE TABLE IF NOT EXISTS.
import pg from 'pg';

/** The lock every store's schema setup takes (one key: setups are short and run only at start). */
const SCHEMA_LOCK = 727275;

/** `schema`: the SQL to run, or a function given the locked client (the migrations of stores written over Kysely). */
export async function openPgPool(connectionString: string, schema: string | ((client: pg.PoolClient) => Promise<void>), max: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString, max });
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
