// A site's sitemap files, built from its document and its visible stock, and cached: a publish replaces the tenant
// document (a new cache key), a stock change moves the catalogue's version, and sold cars leave the search by the
// day, so an entry also expires after an hour.
import type { TenantDocument } from '../../schemas/generated/tenant';
import { modelSearchPath } from '../domain/make-names';
import { lastmodOf, sitemapFiles, sitemapLocations, sitemapPages, staticPathOf, type SitemapEntry, type SitemapFiles } from '../domain/seo';
import type { CarCatalogue } from '../inventory/car-catalogue';

const MAX_AGE_MS = 60 * 60 * 1000;
const PAGE = 1000;

interface CachedSitemaps {
  files: SitemapFiles;
  catalogue: CarCatalogue | undefined;
  version: number;
  builtAt: number;
}

const cache = new WeakMap<TenantDocument, CachedSitemaps>();

type StockHit = { slug?: string; path?: string; updated_at?: string; make?: string; model?: string | null };

/** Every car the site's search shows (its scope: dealerships, sold visibility window, default filter). */
async function visibleCars(tenant: TenantDocument, catalogue: CarCatalogue, nowMs: number): Promise<StockHit[]> {
  const cars: StockHit[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const result = await catalogue.search(tenant, { q: '', offset, limit: PAGE, attributesToRetrieve: ['slug', 'path', 'updated_at', 'make', 'model'] }, nowMs);
    cars.push(...(result.hits as StockHit[]));
    if (result.hits.length < PAGE) return cars;
  }
}

/** The addresses of the site: pages, visible cars (lastmod from updated_at), make and model searches, locations. */
export async function sitemapEntries(tenant: TenantDocument, catalogue: CarCatalogue | undefined, nowMs = Date.now()): Promise<SitemapEntry[]> {
  const entries = [...sitemapPages(tenant)];
  const seen = new Set(entries.map((e) => e.path));
  const add = (entry: SitemapEntry) => {
    if (seen.has(entry.path)) return;
    seen.add(entry.path);
    entries.push(entry);
  };
  sitemapLocations(tenant).forEach(add);
  if (catalogue) {
    const cars = await visibleCars(tenant, catalogue, nowMs);
    const vehiclePage = Object.entries(tenant.pages).find(([, page]) => page.data === 'vehicle')?.[0];
    const searchPage = Object.entries(tenant.pages).find(([pattern, page]) => page.data === 'search' && pattern.startsWith('/search/:make?'));
    const models: SitemapEntry[] = [];
    for (const car of cars) {
      if (searchPage && car.make) {
        for (const path of [modelSearchPath(car.make), ...(car.model ? [modelSearchPath(car.make, car.model)] : [])]) {
          if (!seen.has(path)) {
            seen.add(path);
            models.push({ path });
          }
        }
      }
    }
    if (vehiclePage && staticPathOf(vehiclePage) === null && vehiclePage.includes(':slug')) {
      for (const car of cars) if (car.slug) add({ path: vehiclePage.replace(':slug', car.slug), lastmod: lastmodOf(car.updated_at) });
    }
    models.sort((a, b) => a.path.localeCompare(b.path)).forEach((e) => entries.push(e));
  }
  return entries;
}

export async function sitemapsFor(tenant: TenantDocument, catalogue: CarCatalogue | undefined, nowMs = Date.now()): Promise<SitemapFiles> {
  const cached = cache.get(tenant);
  if (cached && cached.catalogue === catalogue && cached.version === (catalogue?.version ?? 0) && nowMs - cached.builtAt < MAX_AGE_MS) return cached.files;
  const files = sitemapFiles(tenant, await sitemapEntries(tenant, catalogue, nowMs));
  cache.set(tenant, { files, catalogue, version: catalogue?.version ?? 0, builtAt: nowMs });
  return files;
}
