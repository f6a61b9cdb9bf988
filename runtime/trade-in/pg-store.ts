// EvaluationStore on PostgreSQL (DATABASE_URL): the same tables; the photo quotas are checked under a lock per site
// (and a row lock on the evaluation), so two uploads at once, from any process, cannot both take the last place.
import pg from 'pg';
import { openPgPool } from '../infra/db/durable-pg';
import {
  DELETE_UNLINKED_IMAGE_SQL,
  EVALUATION_TABLES,
  evaluationFromRow,
  imageFromRow,
  QUOTA_INDEXES,
  UNLINKED_IMAGES_SQL,
  usageFrom,
  usageQueries,
  type AddImageResult,
  type EvaluationStore,
  type NewEvaluation,
  type StoredImage,
  type UploadScope,
} from './store';
import type { QuotaRefusal, UploadUsage } from './upload-quota';

/** `?` placeholders as $1, $2, … */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const SCHEMA = `${EVALUATION_TABLES({ json: 'JSONB', bigint: 'BIGINT' })}
ALTER TABLE trade_in_images ADD COLUMN IF NOT EXISTS client_key TEXT;
${QUOTA_INDEXES}`;

export class PgEvaluationStore implements EvaluationStore {
  readonly kind = 'postgres' as const;
  private constructor(private pool: pg.Pool) {}

  static async open(connectionString: string): Promise<PgEvaluationStore> {
    const pool = await openPgPool(connectionString, SCHEMA, 5);
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

  private async usage(client: pg.Pool | pg.PoolClient, scope: UploadScope): Promise<UploadUsage> {
    const rows: Record<string, Record<string, unknown> | undefined> = {};
    for (const q of usageQueries(scope)) rows[q.part] = (await client.query(numbered(q.sql), q.args)).rows[0];
    return usageFrom(rows);
  }

  uploadUsage(scope: UploadScope) {
    return this.usage(this.pool, scope);
  }

  async addImage(image: StoredImage, admit: (usage: UploadUsage) => QuotaRefusal | null, since: number): Promise<AddImageResult> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // One site's photos are admitted one at a time, across processes: the address and site quotas span evaluations.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`trade-in-images|${image.tenant}`]);
      const ev = await client.query('SELECT 1 FROM trade_in_evaluations WHERE tenant = $1 AND eval_id = $2 FOR UPDATE', [image.tenant, image.evalId]);
      if (ev.rowCount === 0) {
        await client.query('ROLLBACK');
        return 'unknown-evaluation';
      }
      const refusal = admit(await this.usage(client, { tenant: image.tenant, evalId: image.evalId, clientKey: image.clientKey ?? null, since }));
      if (refusal) {
        await client.query('ROLLBACK');
        return refusal;
      }
      await this.insertImage(client, image);
      await client.query('COMMIT');
      return 'added';
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  private async insertImage(client: pg.Pool | pg.PoolClient, image: StoredImage) {
    await client.query(
      'INSERT INTO trade_in_images (id, eval_id, tenant, storage_key, content_type, size, created_at, client_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING',
      [image.id, image.evalId, image.tenant, image.storageKey, image.contentType, image.size, image.createdAt, image.clientKey ?? null],
    );
  }

  async imageTenants() {
    return (await this.pool.query('SELECT DISTINCT tenant FROM trade_in_images ORDER BY tenant')).rows.map((r) => r.tenant as string);
  }

  async unlinkedImages(tenant: string, before: number, limit: number) {
    return (await this.pool.query(numbered(UNLINKED_IMAGES_SQL), [tenant, before, limit])).rows.map(imageFromRow);
  }

  async deleteUnlinkedImage(tenant: string, imageId: string) {
    return (await this.pool.query(numbered(DELETE_UNLINKED_IMAGE_SQL), [tenant, imageId])).rowCount === 1;
  }

  async restoreImage(image: StoredImage) {
    await this.insertImage(this.pool, image);
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
