// EvaluationStore written once over Kysely, on SQLite (WAL, synchronous FULL: a committed evaluation or photo record
// survives a crash) or PostgreSQL (DATABASE_URL). The photo quotas are counted and the photo written in one
// transaction, one site at a time across processes, so two uploads at once cannot both take the last place.
import { type Kysely, sql } from 'kysely';
import { lockKey } from '../infra/db/sql-db';
import { SqlStore } from '../infra/db/sql-store';
import { evaluationMigrations } from './migrations';
import {
  type AddImageResult,
  type EvaluationStore,
  evaluationFromRow,
  imageFromRow,
  type NewEvaluation,
  type StoredImage,
  type UploadScope,
  usageFrom,
} from './store';
import type { QuotaRefusal, UploadUsage } from './upload-quota';

type Big = number | string;
/** JSON columns: TEXT on SQLite (a string both ways), JSONB on PostgreSQL (text in, parsed out). */
type Json = unknown;

interface EvaluationTables {
  trade_in_evaluations: {
    eval_id: string;
    tenant: string;
    provider_eval_id: string;
    rego: string;
    state: string;
    manual_entry: string | null;
    vehicle: Json;
    km: number | null;
    offer_price: number | null;
    offered_at: Big | null;
    customer: Json | null;
    lead_id: string | null;
    saved_valuation: Json | null;
    created_at: Big;
    updated_at: Big;
  };
  trade_in_images: {
    id: string;
    eval_id: string;
    tenant: string;
    storage_key: string;
    content_type: string;
    size: number;
    created_at: Big;
    client_key: string | null;
  };
}

type Db = Kysely<EvaluationTables>;

export class SqlEvaluationStore extends SqlStore<EvaluationTables> implements EvaluationStore {
  static readonly migrations = evaluationMigrations;
  static readonly poolSize = 5;

  async create(e: NewEvaluation) {
    await this.write((db) =>
      db
        .insertInto('trade_in_evaluations')
        .values({
          eval_id: e.evalId,
          tenant: e.tenant,
          provider_eval_id: e.providerEvalId,
          rego: e.rego,
          state: e.state,
          manual_entry: e.manualEntry,
          vehicle: JSON.stringify(e.vehicle),
          created_at: e.createdAt,
          updated_at: e.createdAt,
        })
        .execute(),
    );
  }

  async get(tenant: string, evalId: string) {
    const r = await this.db.selectFrom('trade_in_evaluations').selectAll().where('tenant', '=', tenant).where('eval_id', '=', evalId).executeTakeFirst();
    return r ? evaluationFromRow(r) : undefined;
  }

  private async update(tenant: string, evalId: string, set: Partial<EvaluationTables['trade_in_evaluations']>): Promise<boolean> {
    const r = await this.write((db) =>
      db.updateTable('trade_in_evaluations').set(set).where('tenant', '=', tenant).where('eval_id', '=', evalId).executeTakeFirst(),
    );
    return Number(r.numUpdatedRows) === 1;
  }

  async recordUpdate(tenant: string, evalId: string, u: Parameters<EvaluationStore['recordUpdate']>[2]) {
    return this.update(tenant, evalId, {
      km: u.km,
      offer_price: u.offerPrice,
      offered_at: u.offeredAt,
      customer: JSON.stringify(u.customer),
      vehicle: JSON.stringify(u.vehicle),
      updated_at: u.offeredAt,
    });
  }

  async linkLead(tenant: string, evalId: string, leadId: string) {
    await this.update(tenant, evalId, { lead_id: leadId, updated_at: Date.now() });
  }

  async saveValuation(tenant: string, evalId: string, valuation: Record<string, unknown>) {
    return this.update(tenant, evalId, { saved_valuation: JSON.stringify(valuation), updated_at: Date.now() });
  }

  uploadUsage(scope: UploadScope) {
    return usageIn(this.store.db, scope);
  }

  async addImage(image: StoredImage, admit: (usage: UploadUsage) => QuotaRefusal | null, since: number): Promise<AddImageResult> {
    return this.tx(async (trx): Promise<AddImageResult> => {
      // One site's photos are admitted one at a time, across processes: the address and site quotas span evaluations.
      await lockKey(this.store, trx, `trade-in-images|${image.tenant}`);
      let evaluation = trx.selectFrom('trade_in_evaluations').select('eval_id').where('tenant', '=', image.tenant).where('eval_id', '=', image.evalId);
      if (this.kind === 'postgres') evaluation = evaluation.forUpdate();
      if (!(await evaluation.executeTakeFirst())) return 'unknown-evaluation';
      const refusal = admit(await usageIn(trx, { tenant: image.tenant, evalId: image.evalId, clientKey: image.clientKey ?? null, since }));
      if (refusal) return refusal;
      await insertImage(trx, image);
      return 'added';
    });
  }

  async imageTenants() {
    const rows = await this.db.selectFrom('trade_in_images').select('tenant').distinct().orderBy('tenant').execute();
    return rows.map((r) => r.tenant);
  }

  async unlinkedImages(tenant: string, before: number, limit: number) {
    const rows = await this.db
      .selectFrom('trade_in_images as i')
      .innerJoin('trade_in_evaluations as e', 'e.eval_id', 'i.eval_id')
      .selectAll('i')
      .where('i.tenant', '=', tenant)
      .where('i.created_at', '<', before)
      .where('e.lead_id', 'is', null)
      .orderBy('i.created_at')
      .orderBy('i.id')
      .limit(limit)
      .execute();
    return rows.map(imageFromRow);
  }

  async deleteUnlinkedImage(tenant: string, imageId: string) {
    const r = await this.write((db) =>
      db
        .deleteFrom('trade_in_images')
        .where('tenant', '=', tenant)
        .where('id', '=', imageId)
        .where('eval_id', 'in', (eb) => eb.selectFrom('trade_in_evaluations').select('eval_id').where('lead_id', 'is', null))
        .executeTakeFirst(),
    );
    return Number(r.numDeletedRows) === 1;
  }

  async restoreImage(image: StoredImage) {
    await this.write((db) => insertImage(db, image));
  }

  async images(tenant: string, evalId: string) {
    const rows = await this.db
      .selectFrom('trade_in_images')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('eval_id', '=', evalId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(imageFromRow);
  }

  async image(tenant: string, imageId: string) {
    const r = await this.db.selectFrom('trade_in_images').selectAll().where('tenant', '=', tenant).where('id', '=', imageId).executeTakeFirst();
    return r ? imageFromRow(r) : undefined;
  }
}

async function insertImage(db: Db, image: StoredImage) {
  await db
    .insertInto('trade_in_images')
    .values({
      id: image.id,
      eval_id: image.evalId,
      tenant: image.tenant,
      storage_key: image.storageKey,
      content_type: image.contentType,
      size: image.size,
      created_at: image.createdAt,
      client_key: image.clientKey ?? null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** What the quotas count: this evaluation's photos, and the address's and site's since the window opened. */
async function usageIn(db: Db, scope: UploadScope): Promise<UploadUsage> {
  const totals = () =>
    db
      .selectFrom('trade_in_images')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.coalesce(eb.fn.sum('size'), sql.lit(0)).as('bytes'), eb.fn.min('created_at').as('first')]);
  const rows: Parameters<typeof usageFrom>[0] = {
    evaluation: await totals().where('eval_id', '=', scope.evalId).executeTakeFirst(),
    site: await totals().where('tenant', '=', scope.tenant).where('created_at', '>', scope.since).executeTakeFirst(),
  };
  if (scope.clientKey)
    rows.address = await totals()
      .where('tenant', '=', scope.tenant)
      .where('client_key', '=', scope.clientKey)
      .where('created_at', '>', scope.since)
      .executeTakeFirst();
  return usageFrom(rows);
}
