// EvaluationStore on PostgreSQL (DATABASE_URL): the same tables; the photo limit is checked under a row lock on the
// evaluation so two uploads at once cannot make an eleventh.
import pg from 'pg';
import { EVALUATION_TABLES, evaluationFromRow, imageFromRow, type AddImageResult, type EvaluationStore, type NewEvaluation, type StoredImage } from './store';
import { openPgPool } from '../server/durable-pg';

export class PgEvaluationStore implements EvaluationStore {
  readonly kind = 'postgres' as const;
  private constructor(private pool: pg.Pool) {}

  static async open(connectionString: string): Promise<PgEvaluationStore> {
    const pool = await openPgPool(connectionString, EVALUATION_TABLES({ json: 'JSONB', bigint: 'BIGINT' }), 5);
    return new PgEvaluationStore(pool);
  }

  async create(e: NewEvaluation) {
    await this.pool.query(
      `INSERT INTO trade_in_evaluations (eval_id, tenant, provider_eval_id, rego, state, manual_entry, vehicle, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [e.evalId, e.tenant, e.providerEvalId, e.rego, e.state, e.manualEntry, JSON.stringify(e.vehicle), e.createdAt],
    );
  }

  async get(tenant: string, evalId: string) {
    const r = (await this.pool.query('SELECT * FROM trade_in_evaluations WHERE tenant = $1 AND eval_id = $2', [tenant, evalId])).rows[0];
    return r ? evaluationFromRow(r) : undefined;
  }

  async recordUpdate(tenant: string, evalId: string, u: Parameters<EvaluationStore['recordUpdate']>[2]) {
    const r = await this.pool.query(
      'UPDATE trade_in_evaluations SET km = $1, offer_price = $2, offered_at = $3, customer = $4, vehicle = $5, updated_at = $3 WHERE tenant = $6 AND eval_id = $7',
      [u.km, u.offerPrice, u.offeredAt, JSON.stringify(u.customer), JSON.stringify(u.vehicle), tenant, evalId],
    );
    return r.rowCount === 1;
  }

  async linkLead(tenant: string, evalId: string, leadId: string) {
    await this.pool.query('UPDATE trade_in_evaluations SET lead_id = $1, updated_at = $2 WHERE tenant = $3 AND eval_id = $4', [
      leadId,
      Date.now(),
      tenant,
      evalId,
    ]);
  }

  async saveValuation(tenant: string, evalId: string, valuation: Record<string, unknown>) {
    const r = await this.pool.query('UPDATE trade_in_evaluations SET saved_valuation = $1, updated_at = $2 WHERE tenant = $3 AND eval_id = $4', [
      JSON.stringify(valuation),
      Date.now(),
      tenant,
      evalId,
    ]);
    return r.rowCount === 1;
  }

  async addImage(image: StoredImage, max: number): Promise<AddImageResult> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const ev = await client.query('SELECT 1 FROM trade_in_evaluations WHERE tenant = $1 AND eval_id = $2 FOR UPDATE', [image.tenant, image.evalId]);
      if (ev.rowCount === 0) {
        await client.query('ROLLBACK');
        return 'unknown-evaluation';
      }
      const n = Number((await client.query('SELECT COUNT(*) AS n FROM trade_in_images WHERE eval_id = $1', [image.evalId])).rows[0].n);
      if (n >= max) {
        await client.query('ROLLBACK');
        return 'limit';
      }
      await client.query('INSERT INTO trade_in_images (id, eval_id, tenant, storage_key, content_type, size, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        image.id,
        image.evalId,
        image.tenant,
        image.storageKey,
        image.contentType,
        image.size,
        image.createdAt,
      ]);
      await client.query('COMMIT');
      return 'added';
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  async images(tenant: string, evalId: string) {
    return (await this.pool.query('SELECT * FROM trade_in_images WHERE tenant = $1 AND eval_id = $2 ORDER BY created_at, id', [tenant, evalId])).rows.map(
      imageFromRow,
    );
  }

  async image(tenant: string, imageId: string) {
    const r = (await this.pool.query('SELECT * FROM trade_in_images WHERE tenant = $1 AND id = $2', [tenant, imageId])).rows[0];
    return r ? imageFromRow(r) : undefined;
  }

  async close() {
    await this.pool.end();
  }
}
