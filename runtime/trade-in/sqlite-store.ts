// EvaluationStore on SQLite (WAL, synchronous = FULL): a committed evaluation or photo record survives a crash.
import Database from 'better-sqlite3';
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
import { openDurableSqlite } from '../infra/db/durable-sqlite';

export class SqliteEvaluationStore implements EvaluationStore {
  readonly kind = 'sqlite' as const;
  private db: Database.Database;

  constructor(readonly file: string) {
    this.db = openDurableSqlite(file);
    this.db.exec(EVALUATION_TABLES({ json: 'TEXT', bigint: 'INTEGER' }));
    // Added after the first release: files written before it get the column on open.
    if (!(this.db.prepare('PRAGMA table_info(trade_in_images)').all() as { name: string }[]).some((c) => c.name === 'client_key'))
      this.db.exec('ALTER TABLE trade_in_images ADD COLUMN client_key TEXT');
    this.db.exec(QUOTA_INDEXES);
  }

  private usage(scope: UploadScope): UploadUsage {
    return usageFrom(Object.fromEntries(usageQueries(scope).map((q) => [q.part, this.db.prepare(q.sql).get(...q.args) as Record<string, unknown>])));
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

  async uploadUsage(scope: UploadScope) {
    return this.usage(scope);
  }

  async addImage(image: StoredImage, admit: (usage: UploadUsage) => QuotaRefusal | null, since: number): Promise<AddImageResult> {
    // IMMEDIATE: the writer lock is held from the count to the insert, so two uploads cannot both take the last place.
    const tx = this.db.transaction((): AddImageResult => {
      if (!this.db.prepare('SELECT 1 FROM trade_in_evaluations WHERE tenant = ? AND eval_id = ?').get(image.tenant, image.evalId)) return 'unknown-evaluation';
      const refusal = admit(this.usage({ tenant: image.tenant, evalId: image.evalId, clientKey: image.clientKey ?? null, since }));
      if (refusal) return refusal;
      this.insertImage(image);
      return 'added';
    });
    return tx.immediate();
  }

  private insertImage(image: StoredImage) {
    this.db
      .prepare(
        'INSERT INTO trade_in_images (id, eval_id, tenant, storage_key, content_type, size, created_at, client_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
      )
      .run(image.id, image.evalId, image.tenant, image.storageKey, image.contentType, image.size, image.createdAt, image.clientKey ?? null);
  }

  async imageTenants() {
    return (this.db.prepare('SELECT DISTINCT tenant FROM trade_in_images ORDER BY tenant').all() as { tenant: string }[]).map((r) => r.tenant);
  }

  async unlinkedImages(tenant: string, before: number, limit: number) {
    return (this.db.prepare(UNLINKED_IMAGES_SQL).all(tenant, before, limit) as Record<string, unknown>[]).map(imageFromRow);
  }

  async deleteUnlinkedImage(tenant: string, imageId: string) {
    return this.db.prepare(DELETE_UNLINKED_IMAGE_SQL).run(tenant, imageId).changes === 1;
  }

  async restoreImage(image: StoredImage) {
    this.insertImage(image);
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
