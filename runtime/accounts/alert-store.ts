// Shopper alerts' storage, in the accounts database so that an alert mail, the cars it announces and the alert's
// progress are committed in one transaction with the outbox row: a job that stops half-way queues nothing twice.
import type { Generated, Kysely } from 'kysely';
import type { StockChange, StockSnapshot } from '../domain/alerts';
import type { SqlDb } from '../infra/db/sql-db';
import { writeOnce, writeTransaction } from '../infra/db/sql-db';
import type { MailOutboxRow, SqlMailOutbox } from './mail-outbox';
import type { OutgoingMail } from './store';

type Big = number | string;
export interface AlertTables {
  shopper_accounts: { id: string; tenant: string; email: string; name: string; unconfirmed_since: Big | null };
  shopper_watchlist: { tenant: string; account_id: string; car_id: Big; price_at_save: number | string | null; saved_at: Big };
  shopper_saved_searches: { id: string; tenant: string; account_id: string; name: string; path: string; created_at: Big; last_seen_at: Big };
  shopper_mail: MailOutboxRow;
  shopper_alerts: { tenant: string; account_id: string; alert_id: string; frequency: string | null; last_period: string | null; cursor_seq: Big | null };
  shopper_alert_announced: { account_id: string; search_id: string; car_id: Big };
  shopper_alert_bounces: { tenant: string; email: string; bounced_at: Big; error: string };
  alert_stock_changes: { seq: Generated<Big>; tenant: string; car_id: Big; before_state: string | null; after_state: string | null; at: Big };
}

interface AlertProgress {
  frequency: string | null;
  lastPeriod: string | null;
  cursor: number | null;
}
export interface StoredSearchAlert extends AlertProgress {
  accountId: string;
  email: string;
  name: string;
  searchId: string;
  searchName: string;
  path: string;
  createdAt: number;
  announced: Set<number>;
}
export interface StoredWatchlistAlert extends AlertProgress {
  accountId: string;
  email: string;
  name: string;
  carIds: number[];
  firstSavedAt: number;
}
export type TimedStockChange = StockChange & { at: number };

const parseState = (s: string | null): StockSnapshot | null => (s ? (JSON.parse(s) as StockSnapshot) : null);
const progressOf = (r: { frequency: string | null; last_period: string | null; cursor_seq: Big | null } | undefined): AlertProgress => ({
  frequency: r?.frequency ?? null,
  lastPeriod: r?.last_period ?? null,
  cursor: r?.cursor_seq == null ? null : Number(r.cursor_seq),
});

export class SqlAlertStore {
  constructor(
    private readonly store: SqlDb<AlertTables>,
    private readonly outbox: SqlMailOutbox<'shopper_mail'>,
  ) {}

  private get db(): Kysely<AlertTables> {
    return this.store.db;
  }

  /**
   * The feed import's changes of a site's stock (added: no before; removed: no after). A car "added" that the recorded
   * changes already have in stock is the same car seen again (a restart rebuilds the stock and its feed imports it
   * anew): it is compared with its last recorded state instead, so shoppers never hear of it as new.
   */
  async recordStockChanges(tenant: string, changes: readonly { carId: number; before: StockSnapshot | null; after: StockSnapshot | null }[], at: number) {
    if (!changes.length) return;
    await writeTransaction(this.store, async (trx) => {
      const lastState = new Map<number, string | null>();
      const added = changes.filter((c) => !c.before).map((c) => c.carId);
      // Few added cars: their own rows; many (a first import, a restart): one pass over the site's rows.
      const batches = added.length > 2_000 ? [null] : Array.from({ length: Math.ceil(added.length / 500) }, (_, i) => added.slice(i * 500, i * 500 + 500));
      for (const ids of batches) {
        let query = trx.selectFrom('alert_stock_changes').select(['car_id', 'after_state']).where('tenant', '=', tenant);
        if (ids) query = query.where('car_id', 'in', ids);
        for (const row of await query.orderBy('seq').execute()) lastState.set(Number(row.car_id), row.after_state);
      }
      const rows = changes.flatMap((c) => {
        const after = c.after ? JSON.stringify(c.after) : null;
        const known = c.before ? undefined : lastState.get(c.carId);
        if (!known) return [{ tenant, car_id: c.carId, before_state: c.before ? JSON.stringify(c.before) : null, after_state: after, at }];
        return known === after ? [] : [{ tenant, car_id: c.carId, before_state: known, after_state: after, at }];
      });
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('alert_stock_changes')
          .values(rows.slice(i, i + 500))
          .execute();
    });
  }

  async stockChanges(tenant: string, afterSeq: number): Promise<TimedStockChange[]> {
    const rows = await this.db.selectFrom('alert_stock_changes').selectAll().where('tenant', '=', tenant).where('seq', '>', afterSeq).orderBy('seq').execute();
    return rows.map((r) => ({
      seq: Number(r.seq),
      carId: Number(r.car_id),
      before: parseState(r.before_state),
      after: parseState(r.after_state),
      at: Number(r.at),
    }));
  }

  /** Changes older than `before` are dropped: an alert that far behind starts from what is left. */
  async pruneStockChanges(before: number) {
    await writeOnce(this.store, (db) => db.deleteFrom('alert_stock_changes').where('at', '<', before).execute());
  }

  private async progress(tenant: string) {
    const rows = await this.db.selectFrom('shopper_alerts').selectAll().where('tenant', '=', tenant).execute();
    return new Map(rows.map((r) => [`${r.account_id}\0${r.alert_id}`, r]));
  }

  /** The sites where some shopper has a saved search or a watchlist: only these can have alert mail to plan. */
  async sitesWithShopperAlerts(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('shopper_saved_searches').select('tenant').union(this.db.selectFrom('shopper_watchlist').select('tenant')).execute();
    return new Set(rows.map((r) => r.tenant));
  }

  /** Every saved search of the site's confirmed accounts, with its alert's progress and announced cars. */
  async searchAlerts(tenant: string): Promise<StoredSearchAlert[]> {
    const [rows, progress, announced] = await Promise.all([
      this.db
        .selectFrom('shopper_saved_searches as s')
        .innerJoin('shopper_accounts as a', 'a.id', 's.account_id')
        .select(['s.id', 's.name as search_name', 's.path', 's.created_at', 'a.id as account_id', 'a.email', 'a.name'])
        .where('s.tenant', '=', tenant)
        .where('a.tenant', '=', tenant)
        .where('a.unconfirmed_since', 'is', null)
        .orderBy('s.created_at')
        .orderBy('s.id')
        .execute(),
      this.progress(tenant),
      this.db
        .selectFrom('shopper_alert_announced as n')
        .innerJoin('shopper_accounts as a', 'a.id', 'n.account_id')
        .select(['n.search_id', 'n.car_id'])
        .where('a.tenant', '=', tenant)
        .execute(),
    ]);
    const bySearch = new Map<string, Set<number>>();
    for (const n of announced) {
      let set = bySearch.get(n.search_id);
      if (!set) bySearch.set(n.search_id, (set = new Set()));
      set.add(Number(n.car_id));
    }
    return rows.map((r) => ({
      accountId: r.account_id,
      email: r.email,
      name: r.name,
      searchId: r.id,
      searchName: r.search_name,
      path: r.path,
      createdAt: Number(r.created_at),
      announced: bySearch.get(r.id) ?? new Set(),
      ...progressOf(progress.get(`${r.account_id}\0search:${r.id}`)),
    }));
  }

  /** Every confirmed account of the site with a watchlist, with its watchlist alert's progress. */
  async watchlistAlerts(tenant: string): Promise<StoredWatchlistAlert[]> {
    const [rows, progress] = await Promise.all([
      this.db
        .selectFrom('shopper_watchlist as w')
        .innerJoin('shopper_accounts as a', 'a.id', 'w.account_id')
        .select(['w.car_id', 'w.saved_at', 'a.id as account_id', 'a.email', 'a.name'])
        .where('w.tenant', '=', tenant)
        .where('a.tenant', '=', tenant)
        .where('a.unconfirmed_since', 'is', null)
        .orderBy('a.id')
        .orderBy('w.saved_at')
        .execute(),
      this.progress(tenant),
    ]);
    const byAccount = new Map<string, StoredWatchlistAlert>();
    for (const r of rows) {
      let w = byAccount.get(r.account_id);
      if (!w)
        byAccount.set(
          r.account_id,
          (w = {
            accountId: r.account_id,
            email: r.email,
            name: r.name,
            carIds: [],
            firstSavedAt: Number(r.saved_at),
            ...progressOf(progress.get(`${r.account_id}\0watchlist`)),
          }),
        );
      w.carIds.push(Number(r.car_id));
    }
    return [...byAccount.values()];
  }

  /** Queues the alert's mail, records the cars it announces and moves the alert on, in one transaction. False when
   *  a mail with the same key was queued already (nothing else is changed then). */
  async queueAlertMail(
    a: { tenant: string; accountId: string; alertId: string; period: string; cursor: number; announce?: { searchId: string; carIds: readonly number[] } },
    mail: OutgoingMail,
  ): Promise<boolean> {
    return writeTransaction(this.store, async (trx) => {
      if (!(await this.outbox.queue(trx, mail))) return false;
      if (a.announce?.carIds.length)
        await trx
          .insertInto('shopper_alert_announced')
          .values(a.announce.carIds.map((carId) => ({ account_id: a.accountId, search_id: a.announce!.searchId, car_id: carId })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      await this.upsertProgress(trx, a.tenant, a.accountId, a.alertId, { last_period: a.period, cursor_seq: a.cursor });
      return true;
    });
  }

  /** An alert that was due with nothing to tell: only its cursor moves. */
  async advance(tenant: string, accountId: string, alertId: string, cursor: number) {
    await writeOnce(this.store, (db) => this.upsertProgress(db, tenant, accountId, alertId, { cursor_seq: cursor }));
  }

  async setFrequency(tenant: string, accountId: string, alertId: string, frequency: string) {
    await writeOnce(this.store, (db) => this.upsertProgress(db, tenant, accountId, alertId, { frequency }));
  }

  /** The shopper's chosen frequencies, by alert id (`search:{id}`, `watchlist`); an alert not listed has the default. */
  async frequencies(tenant: string, accountId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('shopper_alerts')
      .select(['alert_id', 'frequency'])
      .where('tenant', '=', tenant)
      .where('account_id', '=', accountId)
      .where('frequency', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [r.alert_id, r.frequency!]));
  }

  private async upsertProgress(
    db: Kysely<AlertTables>,
    tenant: string,
    accountId: string,
    alertId: string,
    set: Partial<{ frequency: string; last_period: string; cursor_seq: number }>,
  ) {
    await db
      .insertInto('shopper_alerts')
      .values({ tenant, account_id: accountId, alert_id: alertId, frequency: null, last_period: null, cursor_seq: null, ...set })
      .onConflict((oc) => oc.columns(['account_id', 'alert_id']).doUpdateSet(set))
      .execute();
  }

  /** A permanent SMTP failure (5xx): the address gets no more alerts until it is changed. */
  async recordBounce(tenant: string, email: string, error: string, at: number) {
    await writeOnce(this.store, (db) =>
      db
        .insertInto('shopper_alert_bounces')
        .values({ tenant, email, bounced_at: at, error: error.slice(0, 500) })
        .onConflict((oc) => oc.columns(['tenant', 'email']).doUpdateSet({ bounced_at: at, error: error.slice(0, 500) }))
        .execute(),
    );
  }

  /** The shopper asked for their alerts again (or the address changed): the address is tried again. True when it was
   *  paused. */
  async clearBounce(tenant: string, email: string): Promise<boolean> {
    const r = await writeOnce(this.store, (db) =>
      db.deleteFrom('shopper_alert_bounces').where('tenant', '=', tenant).where('email', '=', email).executeTakeFirst(),
    );
    return Number(r.numDeletedRows ?? 0) > 0;
  }

  async bounced(tenant: string, email: string): Promise<{ at: number; error: string } | undefined> {
    const r = await this.db.selectFrom('shopper_alert_bounces').selectAll().where('tenant', '=', tenant).where('email', '=', email).executeTakeFirst();
    return r ? { at: Number(r.bounced_at), error: r.error } : undefined;
  }

  async bouncedAddresses(tenant: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('shopper_alert_bounces').select('email').where('tenant', '=', tenant).execute();
    return new Set(rows.map((r) => r.email));
  }
}
