// Stock feeds with several server processes (DATABASE_URL): one row per site holds the import lease, the last outcome
// and the cars last accepted. The lease is taken in one statement only when the feed is due and nobody holds it (or a
// holder stopped without finishing), so one process at a time imports a site's feed; NOTIFY on finishing tells the
// others to apply the stored cars.
import pg from 'pg';
import type { Car } from '../../schemas/generated/car';
import { openPgPool } from '../infra/db/durable-pg';
import { listenWithReconnect } from '../infra/db/pg-listen';
import type { FeedCoordinator, FeedStatus } from './feeds';

const CHANNEL = 'inventory_feeds';
const SCHEMA = `
CREATE TABLE IF NOT EXISTS inventory_feeds (
  slug TEXT PRIMARY KEY,
  lease_until BIGINT NOT NULL DEFAULT 0,
  last_run_at BIGINT,
  status JSONB,
  cars TEXT
);
`;

export class PgFeedCoordinator implements FeedCoordinator {
  private constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    /** The application_name of the LISTEN connection (pg_stat_activity shows it). */
    private readonly listenerName = 'stock feeds listener',
  ) {}

  static async open(connectionString: string, options: { listenerName?: string } = {}): Promise<PgFeedCoordinator> {
    return new PgFeedCoordinator(await openPgPool(connectionString, SCHEMA, 3), connectionString, options.listenerName);
  }

  async tryLease(slug: string, intervalMs: number, leaseMs: number, now: number) {
    const r = await this.pool.query(
      `INSERT INTO inventory_feeds (slug, lease_until) VALUES ($1, $2)
       ON CONFLICT (slug) DO UPDATE SET lease_until = EXCLUDED.lease_until
       WHERE inventory_feeds.lease_until <= $3 AND (inventory_feeds.last_run_at IS NULL OR inventory_feeds.last_run_at + $4 <= $3)
       RETURNING slug`,
      [slug, now + leaseMs, now, intervalMs],
    );
    return r.rowCount === 1;
  }

  async finish(slug: string, status: FeedStatus, cars: Car[] | undefined, now: number) {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE inventory_feeds SET lease_until = 0, last_run_at = $2, status = $3, cars = COALESCE($4, cars) WHERE slug = $1', [
        slug,
        now,
        JSON.stringify(status),
        cars ? JSON.stringify(cars) : null,
      ]);
      if (cars) await client.query('SELECT pg_notify($1, $2)', [CHANNEL, slug]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  async status(slug: string) {
    const r = await this.pool.query('SELECT status FROM inventory_feeds WHERE slug = $1', [slug]);
    return (r.rows[0]?.status ?? undefined) as FeedStatus | undefined;
  }

  async storedCars(slug: string) {
    const r = await this.pool.query('SELECT cars FROM inventory_feeds WHERE slug = $1', [slug]);
    return r.rows[0]?.cars ? (JSON.parse(r.rows[0].cars) as Car[]) : undefined;
  }

  /** `onMissed`: called after the connection came back, as imports finished meanwhile were not heard. */
  async follow(onFinished: (slug: string) => void, onMissed?: () => void) {
    return listenWithReconnect(this.connectionString, {
      channel: CHANNEL,
      name: 'stock feeds',
      applicationName: this.listenerName,
      onNotification: onFinished,
      onReconnect: onMissed,
    });
  }

  async close() {
    await this.pool.end();
  }
}

export async function openFeedCoordinator(databaseUrl: string | undefined): Promise<FeedCoordinator> {
  const { MemoryFeedCoordinator } = await import('./feeds');
  return databaseUrl ? PgFeedCoordinator.open(databaseUrl) : new MemoryFeedCoordinator();
}
