// One opener for the PostgreSQL stores (leads' siblings: accounts, reservations, trade-in, unsubscribes, views, editor
// sessions): a pool, and the store's tables created under an advisory lock, because several server processes starting
// together would otherwise race on CREATE TABLE IF NOT EXISTS.
import pg from 'pg';

/** The lock every store's schema setup takes (one key: setups are short and run only at start). */
const SCHEMA_LOCK = 727275;

export async function openPgPool(connectionString: string, schemaSql: string, max: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString, max });
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      await client.query(schemaSql);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    }
  } finally {
    client.release();
  }
  return pool;
}
