// The tenant cache: an unchanged document is taken from the cache (never validated again), a changed document,
// template or validator is validated again, and a site nobody visits keeps no whole document in memory.
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import { TenantDocCache } from './tenant-doc-cache';
import { TenantRegistry } from './tenant-registry';
import { atLeast } from '../../test-support/at-least';

const [minimalDealership] = atLeast(1, minimalTenant().dealerships, 'the minimal dealerships');
const [minimalLocation] = atLeast(1, minimalDealership.locations, 'the minimal locations');
const dealership = (id: number) => [{ ...minimalDealership, id, locations: [{ ...minimalLocation, id: id * 10 + 1 }] }];
const docs = () => ({
  'a-motors': minimalTenant('a-motors', { domains: ['a.example'], dealerships: dealership(9001) }),
  'b-motors': minimalTenant('b-motors', { domains: ['b.example'], dealerships: dealership(9002) }),
  'c-motors': minimalTenant('c-motors', { domains: ['c.example'], dealerships: dealership(9003) }),
});
const open: TenantDocCache[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

// No grace period unless a test asks: an entry no start loaded is dropped at the next start.
function start(dir: string, cacheDir: string, { version = 'v1', documentsInMemory = 500, graceMs = 0 } = {}) {
  const cache = TenantDocCache.open(cacheDir, version, graceMs);
  open.push(cache);
  const log: string[] = [];
  const registry = new TenantRegistry(dir, join(dir, 'templates'), undefined, (m) => log.push(m), { cache, documentsInMemory, info: () => {} });
  const loaded = registry.loadAll();
  return { registry, loaded, log };
}
const heading = (registry: TenantRegistry, host: string) => {
  const m = registry.match(host);
  return m.kind === 'tenant' ? (m.doc.pages['/']!.blocks[0]!.props as { heading?: string }).heading : m.kind;
};

describe('tenant cache across starts', () => {
  it('validates each document on the first start only, and serves the same documents from the cache', () => {
    const dir = tempTenantsDir(docs());
    const cacheDir = mkdtempSync(join(tmpdir(), 'tenant-cache-'));
    const first = start(dir, cacheDir);
    expect(first.registry.loadCounts).toEqual({ validated: 3, cached: 0, pruned: 0 });
    const second = start(dir, cacheDir);
    expect(second.registry.loadCounts).toEqual({ validated: 0, cached: 3, pruned: 0 });
    expect(second.loaded.every((t) => t.ok)).toBe(true);
    expect(heading(second.registry, 'b.example')).toBe('Welcome to Test Motors');
    // The cached document has its schema defaults filled in, as a validated one has.
    const fromCache = second.registry.docOf('a-motors');
    expect(fromCache).toEqual(first.registry.docOf('a-motors'));
  });

  it('validates again a changed document, every document when a template changes, and all under another validator version', () => {
    const dir = tempTenantsDir(docs());
    const cacheDir = mkdtempSync(join(tmpdir(), 'tenant-cache-'));
    start(dir, cacheDir);
    const file = join(dir, 'b-motors.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.pages['/'].blocks[0].props.heading = 'Changed';
    writeFileSync(file, JSON.stringify(doc));
    const changed = start(dir, cacheDir);
    // The entry of b-motors' old text is stale: dropped at this start.
    expect(changed.registry.loadCounts).toEqual({ validated: 1, cached: 2, pruned: 1 });
    expect(heading(changed.registry, 'b.example')).toBe('Changed');

    const base = join(dir, 'templates/base.json');
    writeFileSync(base, `${readFileSync(base, 'utf8')}\n`);
    expect(start(dir, cacheDir).registry.loadCounts).toEqual({ validated: 3, cached: 0, pruned: 3 });
    expect(start(dir, cacheDir, { version: 'v2' }).registry.loadCounts).toEqual({ validated: 3, cached: 0, pruned: 0 });
  });

  it('keeps the problems of a document that does not validate, and still refuses to serve it', () => {
    const dir = tempTenantsDir({ ...docs(), 'c-motors': minimalTenant('c-motors', { domains: ['c.example'], dealerships: dealership(9003), theme: 'red' }) });
    const cacheDir = mkdtempSync(join(tmpdir(), 'tenant-cache-'));
    const first = start(dir, cacheDir);
    const second = start(dir, cacheDir);
    expect(second.registry.loadCounts.validated).toBe(0);
    const problems = (r: TenantRegistry) => {
      const t = r.get('c-motors');
      return t && !t.ok ? t.problems : [];
    };
    expect(problems(second.registry).length).toBeGreaterThan(0);
    expect(problems(second.registry)).toEqual(problems(first.registry));
    expect(second.registry.match('c.example')).toEqual({ kind: 'broken', slug: 'c-motors' });
  });

  it('keeps at most the set number of whole documents: a site visited again after others is read again', () => {
    const dir = tempTenantsDir(docs());
    const cacheDir = mkdtempSync(join(tmpdir(), 'tenant-cache-'));
    start(dir, cacheDir);
    const { registry } = start(dir, cacheDir, { documentsInMemory: 2 });
    const docOf = (host: string) => {
      const m = registry.match(host);
      if (m.kind !== 'tenant') throw new Error(`${host} is not served`);
      return m.doc;
    };
    const a = docOf('a.example');
    expect(docOf('a.example')).toBe(a); // kept while among the most recent
    docOf('b.example');
    docOf('c.example'); // a is now the least recently used of three: dropped
    const again = docOf('a.example');
    expect(again).not.toBe(a);
    expect(again).toEqual(a);
    // Cross-site checks and the summary need no whole document.
    expect(registry.identities().map((i) => i.domains)).toEqual([['a.example'], ['b.example'], ['c.example']]);
    expect(registry.summaries().map((s) => s.dealerships[0]!.id)).toEqual([9001, 9002, 9003]);
  });
});

describe('stale entries', () => {
  const entries = (cacheDir: string) => {
    const db = new Database(join(cacheDir, 'tenant-docs.sqlite'), { readonly: true });
    try {
      return (db.prepare('SELECT outcome FROM outcomes').all() as { outcome: string }[]).map((r) => JSON.parse(r.outcome).summary?.slug).sort();
    } finally {
      db.close();
    }
  };

  it("drops a deleted site's entry at the next start, and keeps the others' (they are not validated again)", () => {
    const dir = tempTenantsDir(docs());
    const cacheDir = mkdtempSync(join(tmpdir(), 'tenant-cache-'));
    start(dir, cacheDir);
    expect(entries(cacheDir)).toEqual(['a-motors', 'b-motors', 'c-motors']);
    rmSync(join(dir, 'b-motors.json'));
    const after = start(dir, cacheDir);
    expect(after.registry.loadCounts).toEqual({ validated: 0, cached: 2, pruned: 1 });
    expect(entries(cacheDir)).toEqual(['a-motors', 'c-motors']);
  });

  it("keeps, within the grace period, the entries another process sharing the folder still reads (another version's, or a text it loaded)", () => {
    const dir = tempTenantsDir(docs());
    const cacheDir = mkdtempSync(join(tmpdir(), 'tenant-cache-'));
    const week = 7 * 24 * 3_600_000;
    // The other process: an older version that loaded all three sites and has not visited b-motors yet.
    const older = start(dir, cacheDir, { version: 'v1', graceMs: week });
    rmSync(join(dir, 'b-motors.json'));
    const newer = start(dir, cacheDir, { version: 'v2', graceMs: week });
    expect(newer.registry.loadCounts).toEqual({ validated: 2, cached: 0, pruned: 0 });
    expect(entries(cacheDir)).toEqual(['a-motors', 'a-motors', 'b-motors', 'c-motors', 'c-motors']);
    // The older process's first visit of b-motors reads its entry, which is still there.
    expect(heading(older.registry, 'b.example')).toBe('Welcome to Test Motors');
    // Past the grace period, what no start loaded goes.
    const later = TenantDocCache.open(cacheDir, 'v2', week);
    open.push(later);
    expect(later.prune(new Set(), Date.now() + 2 * week)).toBe(5);
  });

  it('carries over the load times of a cache file that kept them in its outcome rows', () => {
    const dir = tempTenantsDir(docs());
    const cacheDir = mkdtempSync(join(tmpdir(), 'tenant-cache-'));
    const week = 7 * 24 * 3_600_000;
    start(dir, cacheDir, { graceMs: week });
    open.pop()?.close();
    // The older layout: the time in the outcome's row; b-motors loaded just now, c-motors long ago.
    const db = new Database(join(cacheDir, 'tenant-docs.sqlite'));
    db.exec('DROP TABLE uses; ALTER TABLE outcomes ADD COLUMN used_at INTEGER NOT NULL DEFAULT 0');
    db.prepare('UPDATE outcomes SET used_at = ?').run(Date.now());
    db.exec(`UPDATE outcomes SET used_at = 0 WHERE outcome LIKE '%"slug":"c-motors"%'`);
    db.close();
    rmSync(join(dir, 'b-motors.json'));
    rmSync(join(dir, 'c-motors.json'));
    writeFileSync(join(dir, 'd-motors.json'), JSON.stringify(minimalTenant('d-motors', { domains: ['d.example'], dealerships: dealership(9004) })));
    const after = start(dir, cacheDir, { graceMs: week });
    expect(after.registry.loadCounts).toEqual({ validated: 1, cached: 1, pruned: 1 });
    expect(entries(cacheDir)).toEqual(['a-motors', 'b-motors', 'd-motors']);
    // A new entry gets its time in the old column too, so a process of the older version sharing the file keeps it.
    const check = new Database(join(cacheDir, 'tenant-docs.sqlite'), { readonly: true });
    const row = check.prepare(`SELECT used_at FROM outcomes WHERE outcome LIKE '%"slug":"d-motors"%'`).get() as { used_at: number };
    check.close();
    expect(row.used_at).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('a publish', () => {
  it('validates and swaps the published site alone: the other sites stay as they were, their documents unread', () => {
    const dir = tempTenantsDir(docs());
    const cacheDir = mkdtempSync(join(tmpdir(), 'tenant-cache-'));
    start(dir, cacheDir);
    const { registry } = start(dir, cacheDir);
    const before = { a: registry.get('a-motors'), c: registry.get('c-motors') };
    const file = join(dir, 'b-motors.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.pages['/'].blocks[0].props.heading = 'Published';
    writeFileSync(file, JSON.stringify(doc));
    // Nothing but b-motors' file may be read: the other files are gone, so reading one would fail the swap.
    rmSync(join(dir, 'a-motors.json'));
    rmSync(join(dir, 'c-motors.json'));
    const counts = { ...registry.loadCounts };
    const swapped = registry.reloadIfValid(file);
    expect(swapped.ok).toBe(true);
    expect(heading(registry, 'b.example')).toBe('Published');
    // One document validated; the other sites are the very same entries, still summaries whose document was never read.
    expect(registry.loadCounts).toEqual({ ...counts, validated: counts.validated + 1 });
    expect(registry.get('a-motors')).toBe(before.a);
    expect(registry.get('c-motors')).toBe(before.c);
    expect(Object.getOwnPropertyDescriptor(before.a, 'doc')?.get).toBeDefined();
    expect(heading(registry, 'a.example')).toBe('Welcome to Test Motors');
  });
});

describe('host index', () => {
  it("a site's new domains replace its old ones, and a removed site frees its hosts", () => {
    const dir = tempTenantsDir(docs());
    const { registry } = start(dir, mkdtempSync(join(tmpdir(), 'tenant-cache-')));
    const file = join(dir, 'a-motors.json');
    writeFileSync(file, JSON.stringify(minimalTenant('a-motors', { domains: ['new-a.example'], dealerships: dealership(9001) })));
    registry.reload(file);
    expect(registry.match('a.example').kind).toBe('unknown');
    expect(registry.match('www.new-a.example')).toMatchObject({ kind: 'tenant', doc: { slug: 'a-motors' } });
    expect(registry.match('b.example')).toMatchObject({ kind: 'tenant', doc: { slug: 'b-motors' } });
    registry.remove('b-motors');
    expect(registry.match('b.example').kind).toBe('unknown');
    expect(registry.match('www.b.example').kind).toBe('unknown');
  });
});

describe('background reads', () => {
  it("the alert job's documents are read one at a time and leave the recently visited sites' documents in memory", () => {
    const alerts = { settings: { alerts: { enabled: true } } };
    const dir = tempTenantsDir({
      'a-motors': minimalTenant('a-motors', { domains: ['a.example'], dealerships: dealership(9001), ...alerts }),
      'b-motors': minimalTenant('b-motors', { domains: ['b.example'], dealerships: dealership(9002), ...alerts }),
      'c-motors': minimalTenant('c-motors', { domains: ['c.example'], dealerships: dealership(9003) }),
    });
    const cacheDir = mkdtempSync(join(tmpdir(), 'tenant-cache-'));
    start(dir, cacheDir);
    const { registry } = start(dir, cacheDir, { documentsInMemory: 1 });
    const visited = registry.docOf('c-motors');
    const sites = registry.withAlerts()[Symbol.iterator]();
    expect(sites.next().value?.slug).toBe('a-motors');
    expect(sites.next().value?.slug).toBe('b-motors');
    expect(sites.next().done).toBe(true);
    // The one document kept in memory is still the visited site's: the same object, not read again.
    expect(registry.docOf('c-motors')).toBe(visited);
  });
});
