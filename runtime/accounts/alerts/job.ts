// The alert job: on a schedule, for each site with alerts on, one process at a time (the stock feeds' lease: a
// PostgreSQL row with DATABASE_URL, in memory in the single SQLite process) reads the stock changes the feed import
// recorded since each alert's cursor, plans one mail per shopper and alert that is due (runtime/domain/alerts), and
// queues each as an outbox row keyed by shopper, alert and period, in one transaction with the alert's progress. A run
// cut short is run again: what it queued is not due any more, and the key refuses a second row anyway.
import { createHash } from 'node:crypto';
import type { Car } from '../../../schemas/generated/car';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { ACCOUNT_PATH } from '../../domain/accounts';
import {
  type AlertFrequency,
  type AlertSchedule,
  isAlertFrequency,
  type PlannedMail,
  planAlertMails,
  type StockSnapshot,
  stockDiff,
  stockSnapshot,
  type Weekday,
} from '../../domain/alerts';
import { cardFinanceFigure } from '../../domain/finance/vehicle-finance';
import { modelSearchPath } from '../../domain/make-names';
import { formatMoney } from '../../domain/format';
import { resolvedSettings } from '../../domain/settings';
import { siteTimeZone } from '../../domain/time/site-time-zone';
import { priceDisplay, vehicleTitle } from '../../domain/vehicle';
import { PollingWorker } from '../../infra/polling-worker';
import type { CarCatalogue } from '../../inventory/car-catalogue';
import type { FeedCoordinator } from '../../inventory/feeds';
import type { UnsubscribeStore } from '../../unsubscribe/store';
import type { SqlAlertStore } from '../alert-store';
import { type AlertMailCar, type AlertMailSite, oneClickHeaders, searchAlertMail, type WatchMailEvent, watchlistAlertMail } from './mail';
import type { AlertLinks } from './links';
import { changedCarsMatcher } from './search-match';

const LEASE_MS = 5 * 60_000;
/** Stock changes are kept this long: an alert further behind (weekly, plus a missed week) starts from what is left. */
const CHANGES_KEPT_MS = 15 * 86_400_000;

export interface AlertJobOptions {
  store: SqlAlertStore;
  /** The sites with alerts on (of `only`, when given), each document read as its turn comes. */
  tenants: (only?: ReadonlySet<string>) => Iterable<TenantDocument>;
  catalogue: () => CarCatalogue | undefined;
  /** The stock feeds' coordinator: its lease lets one process at a time run a site's alerts. */
  lease: Pick<FeedCoordinator, 'tryLease' | 'finish'>;
  links: AlertLinks;
  unsubscribes?: UnsubscribeStore;
  /** The site's configured origin (never a request's). */
  origin: (tenant: TenantDocument) => string | undefined;
  /** The server's sender address (MAIL_FROM), for sites that name no sender address. */
  defaultFrom?: string;
  now?: () => number;
  pollMs?: number;
  /** A mail was queued: the mail worker can send it now. */
  onQueued?: () => void;
  log?: (message: string) => void;
}

const alertSchedule = (tenant: TenantDocument): AlertSchedule => {
  const a = resolvedSettings(tenant.settings).alerts;
  return { timeZone: siteTimeZone(tenant), window: { start: a.sendWindow.start!, end: a.sendWindow.end! }, weeklyDay: a.weeklyDay as Weekday };
};

/** The frequency an alert has: the shopper's choice when the site still offers it, else the site's default. */
export function alertFrequency(tenant: TenantDocument, alertId: string, chosen: string | null | undefined): AlertFrequency {
  const a = resolvedSettings(tenant.settings).alerts;
  const offered = a.frequencies as AlertFrequency[];
  if (isAlertFrequency(chosen) && (offered.includes(chosen) || chosen === 'off')) return chosen;
  // The watchlist is mailed at most once a day unless the shopper chose instant: daily when offered, else the
  // slowest other choice.
  if (alertId === 'watchlist') return (['daily', 'weekly', 'instant'] as const).find((f) => offered.includes(f)) ?? 'off';
  return a.defaultFrequency as AlertFrequency;
}

/** What a mail shows of a car: the card's title, price and weekly figure (the same functions as the search cards). */
function alertMailCar(car: Car, tenant: TenantDocument, now: number): AlertMailCar {
  const settings = resolvedSettings(tenant.settings);
  const weekly = cardFinanceFigure(car, settings.finance, new Date(now));
  return {
    title: vehicleTitle(car),
    path: `/cars/${car.slug}`,
    priceText: priceDisplay(car, settings.vehicle.price).text,
    weeklyText: weekly ? `${weekly.text} ${weekly.suffix}` : null,
    photoUrl: car.primary_image_url ?? car.thumbnails?.[0] ?? null,
  };
}

/** The mail's Message-ID, made from its idempotency key: a mail sent again (a crash after the SMTP server took it but
 *  before the outbox row was marked sent) carries the same id, so mail providers and clients can show it once. */
const alertMessageId = (key: string, origin: string) => `<alert.${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${new URL(origin).hostname}>`;

const snapshotCar = (s: StockSnapshot | null, carId: number): AlertMailCar => ({
  title: s?.car?.title ?? `Car ${carId}`,
  path: s?.car ? `/cars/${s.car.slug}` : '/search',
  priceText: s?.price != null ? formatMoney(s.price) : '',
  weeklyText: null,
  photoUrl: s?.car?.photo ?? null,
});

export class AlertJob extends PollingWorker {
  private readonly now: () => number;
  private readonly log: (message: string) => void;

  constructor(private readonly o: AlertJobOptions) {
    const log = o.log ?? ((m: string) => console.error(m));
    super(o.pollMs ?? 60_000, (m) => log(`shopper alerts: ${m}`));
    this.now = o.now ?? Date.now;
    this.log = log;
  }

  protected round() {
    return this.runOnce();
  }

  /** One round over every site with alerts on; how many mails were queued. */
  async runOnce(): Promise<number> {
    let queued = 0;
    // Sites none of whose shoppers saved a search or a car have nothing to plan: neither their documents nor a lease.
    const withShoppers = await this.o.store.sitesWithShopperAlerts();
    await this.o.store.pruneStockChanges(this.now() - CHANGES_KEPT_MS);
    for (const tenant of this.o.tenants(withShoppers)) {
      if (!withShoppers.has(tenant.slug)) continue;
      if (!resolvedSettings(tenant.settings).alerts?.enabled) continue;
      const key = `alerts:${tenant.slug}`;
      if (!(await this.o.lease.tryLease(key, 0, LEASE_MS, this.now()))) continue;
      let ok = true;
      let n = 0;
      try {
        n = await this.runSite(tenant);
        queued += n;
      } catch (e) {
        ok = false;
        this.log(`shopper alerts of ${tenant.slug}: ${(e as Error).message}`);
      } finally {
        const at = new Date(this.now()).toISOString();
        await this.o.lease.finish(
          key,
          { slug: key, source: 'alerts', at, ok, imported: n, added: 0, changed: 0, removed: 0, unchanged: 0, rejected: [] },
          undefined,
          this.now(),
        );
      }
    }
    return queued;
  }

  /** Plans and queues the site's due alert mail; how many were queued. */
  async runSite(tenant: TenantDocument): Promise<number> {
    const now = this.now();
    const settings = resolvedSettings(tenant.settings);
    const a = settings.alerts;
    const origin = this.o.origin(tenant);
    const catalogue = this.o.catalogue();
    if (!origin || !catalogue) return 0;
    const { store } = this.o;
    await store.pruneStockChanges(now - CHANGES_KEPT_MS);
    const [searches, watchlists, bounced] = await Promise.all([
      a.savedSearches ? store.searchAlerts(tenant.slug) : [],
      a.watchlist ? store.watchlistAlerts(tenant.slug) : [],
      store.bouncedAddresses(tenant.slug),
    ]);
    const changes = await store.stockChanges(tenant.slug, 0);
    // An alert that never ran starts after the changes made before it was created.
    const startCursor = (since: number) => {
      let cursor = 0;
      for (const c of changes) if (c.at <= since) cursor = c.seq;
      return cursor;
    };
    const stopped = new Set<string>();
    const mailable = async (email: string) => {
      if (bounced.has(email) || stopped.has(email)) return false;
      if (await this.o.unsubscribes?.has(tenant.slug, email)) {
        stopped.add(email);
        return false;
      }
      return true;
    };
    const searchStates = searches.map((s) => {
      const alertId = `search:${s.searchId}`;
      return { ...s, shopperId: s.accountId, alertId, frequency: alertFrequency(tenant, alertId, s.frequency), cursor: s.cursor ?? startCursor(s.createdAt) };
    });
    const watchStates = watchlists.map((w) => ({
      ...w,
      shopperId: w.accountId,
      alertId: 'watchlist',
      frequency: alertFrequency(tenant, 'watchlist', w.frequency),
      cursor: w.cursor ?? startCursor(w.firstSavedAt),
    }));
    // Each distinct saved search page runs its query once, over the cars changed since the oldest cursor that are
    // still on sale (a search can gain no other car).
    let minCursor = Number.POSITIVE_INFINITY;
    for (const s of searchStates) if (s.cursor < minCursor) minCursor = s.cursor;
    const candidates = [...new Set(changes.filter((c) => c.seq > minCursor && c.after && c.after.state !== 'sold').map((c) => c.carId))];
    const matchingByPath = new Map<string, Set<number>>();
    if (candidates.length && searchStates.length) {
      const match = await changedCarsMatcher(catalogue, tenant, candidates, now);
      for (const path of new Set(searchStates.map((s) => s.path))) matchingByPath.set(path, new Set(await match(path)));
    }
    const plan = planAlertMails({
      now,
      schedule: alertSchedule(tenant),
      maxCarsPerMail: a.maxCarsPerMail,
      changes,
      searches: searchStates,
      watchlists: watchStates,
      matching: (path, ids) => ids.filter((id) => matchingByPath.get(path)?.has(id)),
    });
    for (const adv of plan.advanced) await store.advance(tenant.slug, adv.shopperId, adv.alertId, adv.cursor);
    const snapshotsAfter = new Map(changes.map((c) => [c.carId, c]));
    let queued = 0;
    for (const m of plan.mails) {
      const shopper =
        m.kind === 'search'
          ? searchStates.find((s) => s.shopperId === m.shopperId && s.alertId === m.alertId)!
          : watchStates.find((w) => w.shopperId === m.shopperId)!;
      if (!(await mailable(shopper.email))) continue;
      const site = this.mailSite(tenant, origin);
      const links = {
        stopAlert: this.o.links.stopAlert(tenant, origin, shopper.accountId, shopper.email, m.alertId),
        stopAll: this.o.links.stopAll(tenant, origin, shopper.accountId, shopper.email),
        account: `${origin}${ACCOUNT_PATH}`,
      };
      const rendered =
        m.kind === 'search'
          ? searchAlertMail({
              site,
              shopperName: shopper.name,
              searchName: (shopper as (typeof searchStates)[number]).searchName,
              searchPath: m.path,
              cars: m.carIds.flatMap((id) => {
                const car = catalogue.byIdFor(tenant, id);
                return car ? [alertMailCar(car, tenant, now)] : [];
              }),
              more: m.more,
              links,
            })
          : watchlistAlertMail({ site, shopperName: shopper.name, events: this.watchMailEvents(m, tenant, catalogue, snapshotsAfter, now), links });
      const from = this.fromOf(tenant);
      const wasQueued = await store.queueAlertMail(
        {
          tenant: tenant.slug,
          accountId: m.shopperId,
          alertId: m.alertId,
          period: m.period,
          cursor: m.cursor,
          announce: m.kind === 'search' ? { searchId: m.alertId.slice('search:'.length), carIds: m.announce } : undefined,
        },
        {
          tenant: tenant.slug,
          to: shopper.email,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          headers: { ...oneClickHeaders(links.stopAlert), ...(from ? { From: from } : {}), 'Message-ID': alertMessageId(m.key, origin) },
          idempotencyKey: m.key,
          createdAt: now,
        },
      );
      if (wasQueued) queued++;
    }
    if (queued) this.o.onQueued?.();
    return queued;
  }

  private watchMailEvents(
    m: Extract<PlannedMail, { kind: 'watchlist' }>,
    tenant: TenantDocument,
    catalogue: CarCatalogue,
    last: Map<number, { before: StockSnapshot | null; after: StockSnapshot | null }>,
    now: number,
  ): WatchMailEvent[] {
    return m.events.map((e) => {
      const car = catalogue.byIdFor(tenant, e.carId);
      const snap = last.get(e.carId);
      const mailCar = car ? alertMailCar(car, tenant, now) : snapshotCar(snap?.after ?? snap?.before ?? null, e.carId);
      const make = car?.make ?? snap?.before?.car?.make;
      const model = car?.model ?? snap?.before?.car?.model;
      return {
        ...e,
        car: mailCar,
        ...(e.kind === 'price-drop' ? { oldPriceText: formatMoney(e.oldPrice), newPriceText: formatMoney(e.newPrice) } : {}),
        ...(e.kind !== 'price-drop' ? { similarPath: make ? modelSearchPath(make, model) : '/search' } : {}),
      };
    });
  }

  private mailSite(tenant: TenantDocument, origin: string): AlertMailSite {
    const theme = tenant.theme as TenantDocument['theme'] & { primaryText?: string; accent?: string; accentText?: string };
    return {
      name: tenant.name,
      origin,
      logoUrl: theme.logo?.url,
      primary: theme.primary,
      primaryText: theme.primaryText,
      accent: theme.accent,
      accentText: theme.accentText,
    };
  }

  private fromOf(tenant: TenantDocument): string | undefined {
    const a = resolvedSettings(tenant.settings).alerts;
    const name = (a.senderName ?? tenant.name).replace(/["\\\r\n]/g, '');
    const address = a.senderAddress ?? this.o.defaultFrom?.match(/<([^>]+)>/)?.[1] ?? this.o.defaultFrom;
    return address ? `"${name}" <${address}>` : undefined;
  }
}

/** Records what a feed import changed in a site's stock, for the site's alerts (nothing when its alerts are off). */
export function recordStockChanges(store: Pick<SqlAlertStore, 'recordStockChanges'>, now: () => number = Date.now) {
  return async (tenant: TenantDocument, before: Car[], after: Car[]) => {
    const settings = resolvedSettings(tenant.settings);
    if (!settings.alerts?.enabled) return;
    await store.recordStockChanges(
      tenant.slug,
      stockDiff(before, after, (car) => stockSnapshot(car, settings.vehicle.price)),
      now(),
    );
  };
}

/** Records a car a checkout reservation marked reserved or released, for the alerts of each site that shows it (its
 *  dealership's sites): watchers hear of it as of a feed's change. A failure is logged, never the reservation's. */
export function recordReservedChange(
  store: Pick<SqlAlertStore, 'recordStockChanges'>,
  tenants: () => Iterable<TenantDocument>,
  now: () => number = Date.now,
  log: (message: string) => void = (m) => console.error(m),
) {
  const record = recordStockChanges(store, now);
  return async (before: Car, after: Car) => {
    for (const tenant of tenants())
      if (tenant.dealerships.some((d) => d.id === after.dealership_id))
        await record(tenant, [before], [after]).catch((e) =>
          log(`shopper alerts of ${tenant.slug}: reservation of car ${after.id} not recorded: ${(e as Error).message}`),
        );
  };
}
