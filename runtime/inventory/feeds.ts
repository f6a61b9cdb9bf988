// Scheduled stock feeds (settings.inventory.feed): each site's feed is read every intervalMinutes, imported through the
// same path as INVENTORY_FILE (import.ts: every row validated, rejected rows reported in plain words), and applied
// incrementally: only added, changed and removed cars reach the search index (CarCatalogue.applyStock).
//
// The feed address is set by a site's staff, so it is untrusted: an https address whose host resolves to public
// addresses only (the same check as CRM endpoints; INVENTORY_FEED_ALLOW_HOSTS lets tests use loopback), fetched over a
// connection pinned to the checked address, size- and time-limited, no redirects (runtime/net/public-fetch.ts); or a
// file in the site's own folder of the server's feeds folder (INVENTORY_FEEDS_DIR/{slug}/), named relative to it: the
// name can never leave that folder ('..', absolute paths and symlinks out are refused), so one site cannot read another's
// feed. A feed's cars must belong to the site's own dealerships and never take a car id or slug used outside the site;
// such a row is refused with the same words whoever uses it, so the report tells nothing about other sites' stock.
//
// With several processes, a coordinator (PostgreSQL: a lease row per site) lets one process at a time import a site's
// feed; it stores the accepted cars and the report, and NOTIFY tells the other processes, which apply the same cars to
// their own catalogue without fetching (and a process starting later applies the stored ones).
import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { allowListFromEnv } from '../net/crm-target';
import { fetchPublic, PublicFetchError } from '../net/public-fetch';
import type { CarCatalogue } from './car-catalogue';
import { formatImportReport, importInventory, type ImportRejection } from './import';

const FEED_MAX_BYTES = 50 * 1024 * 1024;
const FEED_TIMEOUT_MS = 60_000;
/** A site's feed file, relative to its folder: segments that start with a letter or digit (so never '.', '..' or hidden). */
export const FEED_FILE_PATH = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}){0,8}$/;
const SITE_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface FeedStatus {
  slug: string;
  source: string;
  /** ISO time the import finished. */
  at: string;
  ok: boolean;
  /** Why the feed could not be read at all (the stock was left as it was). */
  error?: string;
  imported: number;
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  rejected: ImportRejection[];
}

export class FeedError extends Error {}

interface FeedSettingsResolved {
  source: string;
  format: 'json' | 'csv';
  intervalMs: number;
}

/** The site's feed with its defaults, or undefined when it has none or it is turned off. */
function feedOf(tenant: TenantDocument): FeedSettingsResolved | undefined {
  const feed = tenant.settings.inventory?.feed;
  if (!feed || feed.enabled === false) return undefined;
  const format = feed.format ?? (/\.csv(\?|#|$)/i.test(feed.source) ? 'csv' : 'json');
  return { source: feed.source, format, intervalMs: (feed.intervalMinutes ?? 60) * 60_000 };
}

export interface ReadFeedOptions {
  /** The feeds folder; each site's files are in its subfolder named by its slug. */
  feedsDir?: string;
  /** The site whose feed this is (its folder of feedsDir is the only one read). */
  site?: string;
  allow?: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
}

/** The feed's text: an https address (checked and pinned) or a file of the feeds folder. Throws FeedError with the reason. */
export async function readFeed(source: string, options: ReadFeedOptions = {}): Promise<string> {
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  if (/^[a-z][a-z0-9+.-]*:/i.test(source))
    return fetchFeed(source, options.allow ?? allowListFromEnv(process.env.INVENTORY_FEED_ALLOW_HOSTS), maxBytes, options.timeoutMs ?? FEED_TIMEOUT_MS);
  if (!FEED_FILE_PATH.test(source))
    throw new FeedError("the feed must be an https address or the name of a file in this site's feeds folder (such as stock.csv; no '..', no absolute path)");
  if (!options.feedsDir) throw new FeedError('this server has no feeds folder (INVENTORY_FEEDS_DIR), so only https feed addresses can be used');
  if (!options.site || !SITE_SLUG.test(options.site)) throw new FeedError('the feed file cannot be read without the site it belongs to');
  const siteDir = join(options.feedsDir, options.site);
  try {
    // Resolved with every symlink followed: a link in the site's folder to another site's file is refused too.
    const [realDir, realFile] = await Promise.all([realpath(siteDir), realpath(join(siteDir, source))]);
    const inside = relative(realDir, realFile);
    if (!inside || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
      throw new FeedError(`the feed file ${source} is not in this site's feeds folder`);
    if ((await stat(realFile)).size > maxBytes) throw new FeedError(`the feed file is larger than ${maxBytes / 1024 / 1024} MB`);
    return await readFile(realFile, 'utf8');
  } catch (e) {
    if (e instanceof FeedError) throw e;
    throw new FeedError(
      `the feed file ${source} could not be read from this site's feeds folder (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
}

async function fetchFeed(rawUrl: string, allow: readonly string[], maxBytes: number, timeoutMs: number): Promise<string> {
  try {
    const body = await fetchPublic(rawUrl, { what: 'feed', allow, maxBytes, timeoutMs, accept: 'application/json, text/csv, */*' });
    return body.toString('utf8');
  } catch (e) {
    throw e instanceof PublicFetchError ? new FeedError(e.message) : e;
  }
}

/** Imports a feed's text for a site: the import path's report, minus cars that are not the site's to list. */
function importFeedFor(tenant: TenantDocument, text: string, format: 'json' | 'csv', catalogue: CarCatalogue): { cars: Car[]; rejected: ImportRejection[] } {
  const report = importInventory(text, format);
  const dealerships = new Set(tenant.dealerships.map((d) => d.id));
  const cars: Car[] = [];
  const rejected = [...report.rejected];
  for (const [i, car] of report.cars.entries()) {
    const row = report.rows?.[i] ?? 0;
    const conflict = catalogue.feedConflict(car, dealerships);
    if (conflict) rejected.push({ row, id: String(car.id), errors: [conflict] });
    else cars.push(car);
  }
  rejected.sort((a, b) => a.row - b.row);
  return { cars, rejected };
}

/** Where several processes agree who imports a site's feed, and share the result. */
export interface FeedCoordinator {
  /** Takes the site's lease when its feed is due (never run, or last run at least `intervalMs` ago) and nobody holds it. */
  tryLease(slug: string, intervalMs: number, leaseMs: number, now: number): Promise<boolean>;
  /** Stores the outcome (and, when the feed was read, its accepted cars), releases the lease, tells the other processes. */
  finish(slug: string, status: FeedStatus, cars: Car[] | undefined, now: number): Promise<void>;
  status(slug: string): Promise<FeedStatus | undefined>;
  /** The cars last accepted from the site's feed (a process starting later applies these). */
  storedCars(slug: string): Promise<Car[] | undefined>;
  /** Calls back when another process finished a site's import. */
  /** Hears other processes finish imports; `onMissed` after a lost connection came back (what finished meanwhile). */
  follow(onFinished: (slug: string) => void, onMissed?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** One process (no DATABASE_URL): the lease and the outcome in memory. */
export class MemoryFeedCoordinator implements FeedCoordinator {
  private leases = new Map<string, number>();
  private runs = new Map<string, { at: number; status: FeedStatus; cars?: Car[] }>();

  async tryLease(slug: string, intervalMs: number, leaseMs: number, now: number) {
    const last = this.runs.get(slug);
    if ((this.leases.get(slug) ?? 0) > now || (last && last.at + intervalMs > now)) return false;
    this.leases.set(slug, now + leaseMs);
    return true;
  }

  async finish(slug: string, status: FeedStatus, cars: Car[] | undefined, now: number) {
    this.runs.set(slug, { at: now, status, cars: cars ?? this.runs.get(slug)?.cars });
    this.leases.delete(slug);
  }

  async status(slug: string) {
    return this.runs.get(slug)?.status;
  }

  async storedCars(slug: string) {
    return this.runs.get(slug)?.cars;
  }

  async follow() {
    return async () => {};
  }

  async close() {}
}

export interface InventoryFeedsOptions {
  tenants: () => TenantDocument[];
  catalogue: () => CarCatalogue;
  coordinator: FeedCoordinator;
  /** Reads a site's feed (`site` is its slug: a feed file is read from that site's folder only). */
  read?: (source: string, site: string) => Promise<string>;
  log?: (message: string) => void;
  now?: () => number;
  /** How long a lease lasts before another process may take over a stuck import. */
  leaseMs?: number;
  /** Adds what the server makes from a feed's cars (their photos' placeholders) before they are applied. */
  prepare?: (cars: Car[]) => Promise<Car[]>;
  /** A site's stock as served after an import (this process's or another's), for what is made in the background. */
  served?: (cars: Car[]) => void;
  /** The site's stock before and after an import this process made (the shopper alerts record what changed). */
  onStockChanged?: (tenant: TenantDocument, before: Car[], after: Car[]) => Promise<void>;
}

/** The schedule: `tick` imports every site whose feed is due and whose lease this process gets. */
export class InventoryFeeds {
  private timer: NodeJS.Timeout | undefined;
  private stopFollowing: (() => Promise<void>) | undefined;
  private running = new Map<string, Promise<FeedStatus | undefined>>();
  private readonly read: (source: string, site: string) => Promise<string>;
  private readonly log: (message: string) => void;
  private readonly now: () => number;

  constructor(private readonly options: InventoryFeedsOptions) {
    this.read = options.read ?? ((source, site) => readFeed(source, { feedsDir: process.env.INVENTORY_FEEDS_DIR, site }));
    this.log = options.log ?? console.log;
    this.now = options.now ?? Date.now;
  }

  private tenant(slug: string) {
    return this.options.tenants().find((t) => t.slug === slug);
  }

  /** Imports the site's feed when it is due and this process gets the lease; the outcome, or undefined when not run. */
  runSite(tenant: TenantDocument): Promise<FeedStatus | undefined> {
    const pending = this.running.get(tenant.slug);
    if (pending) return pending;
    const run = this.importSite(tenant).finally(() => this.running.delete(tenant.slug));
    this.running.set(tenant.slug, run);
    return run;
  }

  private async importSite(tenant: TenantDocument): Promise<FeedStatus | undefined> {
    const feed = feedOf(tenant);
    if (!feed) return undefined;
    const { coordinator } = this.options;
    if (!(await coordinator.tryLease(tenant.slug, feed.intervalMs, this.options.leaseMs ?? 10 * 60_000, this.now()))) return undefined;
    const base = { slug: tenant.slug, source: feed.source, imported: 0, added: 0, changed: 0, removed: 0, unchanged: 0, rejected: [] as ImportRejection[] };
    let status: FeedStatus;
    let cars: Car[] | undefined;
    try {
      const text = await this.read(feed.source, tenant.slug);
      const catalogue = this.options.catalogue();
      const result = importFeedFor(tenant, text, feed.format, catalogue);
      // A feed that could not be parsed at all (row 0) or has no usable car leaves the stock as it was: an empty or
      // broken file must not empty a dealer's site.
      if (!result.cars.length) {
        status = {
          ...base,
          at: new Date(this.now()).toISOString(),
          ok: false,
          error: result.rejected.find((r) => r.row === 0)?.errors[0] ?? 'the feed has no car that could be imported, so the stock was left as it was',
          rejected: result.rejected,
        };
      } else {
        await this.options.prepare?.(result.cars);
        const dealerships = new Set(tenant.dealerships.map((d) => d.id));
        const before = this.options.onStockChanged ? catalogue.stockOf(dealerships) : [];
        const applied = await catalogue.applyStock(dealerships, result.cars);
        this.options.served?.(catalogue.stockOf(dealerships));
        await this.options
          .onStockChanged?.(tenant, before, catalogue.stockOf(dealerships))
          .catch((e) => this.log(`inventory feed of ${tenant.slug}: stock changes not recorded for alerts: ${(e as Error).message}`));
        cars = result.cars;
        status = { ...base, at: new Date(this.now()).toISOString(), ok: true, imported: result.cars.length, ...applied, rejected: result.rejected };
      }
    } catch (e) {
      status = {
        ...base,
        at: new Date(this.now()).toISOString(),
        ok: false,
        error: e instanceof FeedError ? e.message : `the import failed (${(e as Error).message})`,
      };
    }
    await coordinator.finish(tenant.slug, status, cars, this.now());
    this.logStatus(status);
    return status;
  }

  private logStatus(status: FeedStatus) {
    if (!status.ok)
      return this.log(
        `inventory feed of ${status.slug} (${status.source}): not imported: ${status.error}${status.rejected.length ? `; ${status.rejected.length} rows rejected` : ''}`,
      );
    const lines = formatImportReport({ cars: new Array(status.imported), rejected: status.rejected });
    this.log(
      `inventory feed of ${status.slug}: ${status.added} added, ${status.changed} changed, ${status.removed} removed, ${status.unchanged} unchanged; ${lines.join('; ')}`,
    );
  }

  /** Applies what another process imported (or what was imported before this process started). */
  async applyStored(slug: string): Promise<void> {
    const tenant = this.tenant(slug);
    const cars = await this.options.coordinator.storedCars(slug);
    if (!tenant || !cars || !feedOf(tenant)) return;
    const catalogue = this.options.catalogue();
    const dealerships = new Set(tenant.dealerships.map((d) => d.id));
    await catalogue.applyStock(
      dealerships,
      cars.filter((c) => !catalogue.feedConflict(c, dealerships)),
    );
    this.options.served?.(catalogue.stockOf(dealerships));
  }

  async tick(): Promise<void> {
    for (const tenant of this.options.tenants()) {
      try {
        await this.runSite(tenant);
      } catch (e) {
        this.log(`inventory feed of ${tenant.slug}: ${(e as Error).message}`);
      }
    }
  }

  status(slug: string) {
    return this.options.coordinator.status(slug);
  }

  async start(tickMs = 30_000): Promise<void> {
    const applyAll = async () => {
      for (const t of this.options.tenants())
        await this.applyStored(t.slug).catch((e) => this.log(`inventory feed of ${t.slug}: stored stock not applied: ${(e as Error).message}`));
    };
    await applyAll();
    this.stopFollowing = await this.options.coordinator.follow(
      (slug) => void this.applyStored(slug).catch((e) => this.log(`inventory feed of ${slug}: ${(e as Error).message}`)),
      () => void applyAll(),
    );
    void this.tick();
    this.timer = setInterval(() => void this.tick(), tickMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.stopFollowing?.();
    await Promise.allSettled([...this.running.values()]);
  }
}
