// EvaluationStore on SQLite (WAL, synchronous = FULL): a committed evaluation or photo record survives a crash.
import Database from 'better-sqlite3';
import { EVALUATION_TABLES, evaluationFromRow, imageFromRow, type AddImageResult, type EvaluationStore, type NewEvaluation, type StoredImage } from './store';
import { openDurableSqlite } from '../server/durable-sqlite';

export class SqliteEvaluationStore implements EvaluationStore {
  readonly kind = 'sqlite' as const;
  private db: Database.Database;

  constructor(readonly file: string) {
    this.db = openDurableSqlite(file);
    this.db.exec(EVALUATION_TABLES({ json: 'TEXT', bigint: 'INTEGER' }));
  }

  async create(e: NewEvaluation) {
    this.db
      .prepare(
        `INSERT INTO trade_in_evaluations (eval_id, tenant, provider_eval_id, rego, state, manual_entry, vehicle, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(e.evalId, e.tenant, e.providerEvalId, e.rego, e.state, e.manualEntry, JSON.stringify(e.vehicle), e.createdAt, e.createdAt);
  }

  async get(tenant: string, evalId: string) {
    const r = this.db.prepare('SELECT * FROM trade_in_evaluations WHERE tenant = ? AND eval_id = ?').get(tenant, evalId);
    return r ? evaluationFromRow(r as Record<string, unknown>) : undefined;
  }

  async recordUpdate(tenant: string, evalId: string, u: Parameters<EvaluationStore['recordUpdate']>[2]) {
    const r = this.db
      .prepare(
        'UPDATE trade_in_evaluations SET km = ?, offer_price = ?, offered_at = ?, customer = ?, vehicle = ?, updated_at = ? WHERE tenant = ? AND eval_id = ?',
      )
      .run(u.km, u.offerPrice, u.offeredAt, JSON.stringify(u.customer), JSON.stringify(u.vehicle), u.offeredAt, tenant, evalId);
    return r.changes === 1;
  }

  async linkLead(tenant: string, evalId: string, leadId: string) {
    this.db.prepare('UPDATE trade_in_evaluations SET lead_id = ?, updated_at = ? WHERE tenant = ? AND eval_id = ?').run(leadId, Date.now(), tenant, evalId);
  }

  async saveValuation(tenant: string, evalId: string, valuation: Record<string, unknown>) {
    return (
      this.db
        .prepare('UPDATE trade_in_evaluations SET saved_valuation = ?, updated_at = ? WHERE tenant = ? AND eval_id = ?')
        .run(JSON.stringify(valuation), Date.now(), tenant, evalId).changes === 1
    );
  }

  async addImage(image: StoredImage, max: number): Promise<AddImageResult> {
    const tx = this.db.transaction((): AddImageResult => {
      if (!this.db.prepare('SELECT 1 FROM trade_in_evaluations WHERE tenant = ? AND eval_id = ?').get(image.tenant, image.evalId)) return 'unknown-evaluation';
      const n = (this.db.prepare('SELECT COUNT(*) AS n FROM trade_in_images WHERE eval_id = ?').get(image.evalId) as { n: number }).n;
      if (n >= max) return 'limit';
      this.db
        .prepare('INSERT INTO trade_in_images (id, eval_id, tenant, storage_key, content_type, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(image.id, image.evalId, image.tenant, image.storageKey, image.contentType, image.size, image.createdAt);
      return 'added';
    });
    return tx.immediate();
  }

  async images(tenant: string, evalId: string) {
    return (
      this.db.prepare('SELECT * FROM trade_in_images WHERE tenant = ? AND eval_id = ? ORDER BY created_at, id').all(tenant, evalId) as Record<string, unknown>[]
    ).map(imageFromRow);
  }

  async image(tenant: string, imageId: string) {
    const r = this.db.prepare('SELECT * FROM trade_in_images WHERE tenant = ? AND id = ?').get(tenant, imageId);
    return r ? imageFromRow(r as Record<string, unknown>) : undefined;
  }

  async close() {
    if (this.db.open) this.db.close();
  }
}
