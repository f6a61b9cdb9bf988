// For storage suites that also run on PostgreSQL (TEST_DATABASE_URL, started by tools/ci/postgres.sh): a fresh schema
// per run, so each suite starts empty and suites never see each other's tables.
import pg from 'pg';

/** The database URL with its search_path set to a new, empty schema named `{prefix}_{time}_{random}`. */
export async function freshSchemaUrl(databaseUrl: string, prefix: string): Promise<string> {
  const schema = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}
