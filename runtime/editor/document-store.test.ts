// One suite for every TenantDocumentStore backend: files always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is
// set (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped. "Two processes" are two store
// instances with their own connections (PostgreSQL) or on the same folders (files), each with its own registry.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TenantFollower } from '../server/tenant-follower';
import { TenantRegistry } from '../server/tenant-registry';
import { freshSchemaUrl } from '../server/test-postgres';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import { FileTenantDocumentStore, loadStoredTenants, type TenantDocumentStore } from './document-store';
import { EditorDocuments } from './documents';
import { openTenantDocumentStore, PgTenantDocumentStore } from './pg-document-store';
import { atLeast } from '../../test-support/at-least';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const alice = { author: 'alice@example.com', authorName: 'Alice Nguyen' };
const bob = { author: 'bob@example.com', authorName: 'Bob Smith' };
const opened: TenantDocumentStore[] = [];
afterAll(async () => {
  await Promise.allSettled(opened.map((s) => s.close()));
});

interface Pair {
  tenantsDir: string;
  /** Two stores over the same data, as two server processes would have. */
  a: TenantDocumentStore;
  b: TenantDocumentStore;
}

const backends: { name: string; skip: boolean; open: (docs?: Record<string, unknown>) => Promise<Pair> }[] = [
  {
    name: 'files',
    skip: false,
    open: async (docs = {}) => {
      const tenantsDir = tempTenantsDir(docs);
      const revisions = mkdtempSync(join(tmpdir(), 'revisions-'));
      return { tenantsDir, a: new FileTenantDocumentStore(tenantsDir, revisions), b: new FileTenantDocumentStore(tenantsDir, revisions) };
    },
  },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async (docs = {}) => {
      const tenantsDir = tempTenantsDir(docs);
      const url = await freshSchemaUrl(pgUrl!, 'tenant_docs_test');
      // The first opens an empty database and seeds it from the folder; the second finds it seeded.
      const a = await openTenantDocumentStore({ databaseUrl: url, tenantsDir, revisionsDir: join(tenantsDir, 'unused'), log: () => {} });
      const b = await openTenantDocumentStore({ databaseUrl: url, tenantsDir: tempTenantsDir(), revisionsDir: join(tenantsDir, 'unused'), log: () => {} });
      opened.push(a, b);
      return { tenantsDir, a, b };
    },
  },
];

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
};

for (const backend of backends) {
  describe.skipIf(backend.skip)(
    `TenantDocumentStore on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`,
    () => {
      it('holds the tenant files (seeded from the folder) and their text exactly', async () => {
        const { a, b, tenantsDir } = await backend.open({ 'test-motors': minimalTenant(), 'other-motors': minimalTenant('other-motors') });
        expect(a.kind).toBe(backend.name === 'files' ? 'files' : 'postgres');
        expect(await b.slugs()).toEqual(['other-motors', 'test-motors']);
        expect(await b.readText('test-motors')).toBe(readFileSync(join(tenantsDir, 'test-motors.json'), 'utf8'));
        expect(await b.readText('nobody')).toBeUndefined();
        expect(await b.readText('../test-motors')).toBeUndefined();
        const loaded = await loadStoredTenants(b, join(tenantsDir, 'templates'));
        expect(loaded.map((t) => [t.slug, t.ok])).toEqual([
          ['other-motors', true],
          ['test-motors', true],
        ]);
      });

      it('numbers revisions from 1, refuses a save based on an older revision (naming who saved), on either process', async () => {
        const { a, b } = await backend.open({ 'test-motors': minimalTenant() });
        expect(await a.head('test-motors')).toBeUndefined();
        expect(await a.append('test-motors', { baseRev: undefined, kind: 'imported', ...alice, doc: { v: 1 } })).toMatchObject({
          ok: true,
          revision: { rev: 1, kind: 'imported', ...alice },
        });
        expect(await b.append('test-motors', { baseRev: 1, kind: 'draft', ...bob, doc: { v: 2 } })).toMatchObject({
          ok: true,
          revision: { rev: 2, baseRev: 1 },
        });
        const stale = await a.append('test-motors', { baseRev: 1, kind: 'published', ...alice, doc: { v: 3 } });
        expect(stale).toEqual({ ok: false, conflict: expect.objectContaining({ rev: 2, kind: 'draft', author: bob.author, authorName: bob.authorName }) });
        expect((await a.head('test-motors'))!.doc).toEqual({ v: 2 });
        expect((await b.latestLive('test-motors'))!.doc).toEqual({ v: 1 });
        expect((await a.get('test-motors', 1))!.doc).toEqual({ v: 1 });
        expect(await a.get('test-motors', 9)).toBeUndefined();
        expect((await b.list('test-motors')).map((r) => r.rev)).toEqual([2, 1]);
        expect((await b.list('test-motors'))[0]).not.toHaveProperty('doc');
      });

      it('two processes appending at once on the same head: exactly one wins every round', async () => {
        const { a, b } = await backend.open({ 'test-motors': minimalTenant() });
        for (let round = 0; round < 20; round++) {
          const base = (await a.head('test-motors'))?.rev;
          const results = await Promise.all(
            [a, b].map((s, i) =>
              s.append('test-motors', { baseRev: base, kind: 'published', ...(i ? bob : alice), doc: { round, by: i } }, JSON.stringify({ round, by: i })),
            ),
          );
          expect(results.filter((r) => r.ok)).toHaveLength(1);
          const winner = results.findIndex((r) => r.ok);
          // The published file is the winner's, never the loser's.
          expect(JSON.parse((await b.readText('test-motors'))!)).toEqual({ round, by: winner });
        }
        expect((await b.head('test-motors'))!.rev).toBe(20);
      });

      it('the editor publishes into the store; the file written validates and resolves back to the document', async () => {
        const { a, b, tenantsDir } = await backend.open({ 'test-motors': minimalTenant() });
        const templatesDir = join(tenantsDir, 'templates');
        const published: string[] = [];
        const documents = new EditorDocuments(a, templatesDir, (slug) => void published.push(slug));
        const first = (await documents.open('test-motors'))!;
        expect(first.head).toMatchObject({ rev: 1, kind: 'imported' });
        // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
        const doc = structuredClone(first.doc) as any;
        doc.pages['/'].blocks[0].props.heading = 'Published through the store';
        const saved = await documents.save('test-motors', { baseRev: 1, doc, publish: true, author: { email: alice.author, name: alice.authorName } });
        expect(saved).toMatchObject({ ok: true, revision: { rev: 2, kind: 'published' } });
        expect(published).toEqual(['test-motors']);
        const [loaded] = atLeast(1, await loadStoredTenants(b, templatesDir).then((l) => l.filter((t) => t.slug === 'test-motors')), 'test-motors loaded');
        expect(loaded.ok && loaded.doc.pages['/']?.blocks[0]?.props).toMatchObject({ heading: 'Published through the store' });
        // Opened again (on the other process): no new 'imported' revision, the store's file is the published one.
        expect((await new EditorDocuments(b, templatesDir).open('test-motors'))!.head.rev).toBe(2);
        // A document that does not validate is refused and nothing is written.
        const bad = structuredClone(doc);
        bad.theme.primary = 'not a colour';
        expect(
          await documents.save('test-motors', { baseRev: 2, doc: bad, publish: true, author: { email: alice.author, name: alice.authorName } }),
        ).toMatchObject({ ok: false, status: 422 });
        expect((await b.head('test-motors'))!.rev).toBe(2);
      });

      it('a template publish reaches the other process without a reload: each tenant it changed is published through the store', async () => {
        const { a, b, tenantsDir } = await backend.open({
          'test-motors': minimalTenant('test-motors', { template: 'test-brand' }),
          'other-motors': minimalTenant('other-motors'),
        });
        const templatesDir = join(tenantsDir, 'templates');
        const brand = {
          template: 'base',
          locks: [{ path: '/navigation/termsOfUse', reason: "the brand's legal text" }],
          navigation: { termsOfUse: 'Old terms.' },
        };
        writeFileSync(join(templatesDir, 'test-brand.json'), JSON.stringify(brand));
        // The other process serves what its store holds and follows it, as the server does for either backend.
        const registry = new TenantRegistry(tenantsDir, templatesDir, undefined, () => {});
        registry.replaceAll(await loadStoredTenants(b, templatesDir));
        const follower = new TenantFollower(b, registry, () => {});
        await follower.start();
        const stopWatching = b.kind === 'files' ? registry.watch({ debounceMs: 10 }) : () => {};
        const terms = () => {
          const m = registry.match('test-motors.localhost');
          return m.kind === 'tenant' ? m.doc.navigation.termsOfUse : m.kind;
        };
        try {
          expect(terms()).toBe('Old terms.');
          const documents = new EditorDocuments(a, templatesDir);
          await documents.open('test-motors');
          const result = await documents.publishTemplate('test-brand', [{ lock: 0, value: 'New terms.' }], { email: alice.author, name: alice.authorName });
          expect(result).toMatchObject({ ok: true, report: [{ slug: 'test-motors', revision: { rev: 2, kind: 'published', author: alice.author } }] });
          expect(await until(() => terms() === 'New terms.')).toBe(true);
          // The tenant file is unchanged (the locked value is the template's); its live revision has the new value.
          expect((await b.latestLive('test-motors'))!.doc).toMatchObject({ navigation: { termsOfUse: 'New terms.' } });
          expect(await b.readText('test-motors')).toBe(JSON.stringify(minimalTenant('test-motors', { template: 'test-brand' }), null, 2));
          expect(await b.list('other-motors')).toEqual([]);
        } finally {
          stopWatching();
          await follower.close();
        }
      });
    },
  );
}

describe.skipIf(!pgUrl)('publishing across processes through PostgreSQL (LISTEN/NOTIFY)', () => {
  it('a publish on one process is validated and served by the other; an invalid one never replaces what is served', async () => {
    const tenantsDir = tempTenantsDir({ 'test-motors': minimalTenant() });
    const templatesDir = join(tenantsDir, 'templates');
    const url = await freshSchemaUrl(pgUrl!, 'tenant_notify_test');
    const a = await openTenantDocumentStore({ databaseUrl: url, tenantsDir, revisionsDir: join(tenantsDir, 'unused'), log: () => {} });
    const b = await PgTenantDocumentStore.open(url);
    opened.push(a, b);
    const logs: string[] = [];
    const registry = new TenantRegistry(tenantsDir, templatesDir, undefined, (m) => logs.push(m));
    registry.replaceAll(await loadStoredTenants(b, templatesDir));
    const follower = new TenantFollower(b, registry, (m) => logs.push(m));
    await follower.start();
    const heading = () => {
      const m = registry.match('test-motors.localhost');
      return m.kind === 'tenant' ? (m.doc.pages['/']?.blocks[0]?.props as { heading?: string } | undefined)?.heading : m.kind;
    };
    expect(heading()).toBe('Welcome to Test Motors');

    const documents = new EditorDocuments(a, templatesDir);
    let base = (await documents.open('test-motors'))!.head.rev;
    // 100 rounds: each publish on process A is served by process B, and B never serves anything but a whole document.
    // Meanwhile the editor on process B keeps opening the document: it must never mistake a publish it half-saw for a
    // file changed outside the editor (which would record an 'imported' revision and make A's next publish conflict).
    const seen = new Set<string>();
    let reading = true;
    let opens = 0;
    const otherEditor = new EditorDocuments(b, templatesDir);
    const reader = (async () => {
      while (reading) {
        await otherEditor.open('test-motors');
        opens++;
      }
    })();
    for (let round = 0; round < 100; round++) {
      // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
      const doc = structuredClone((await documents.open('test-motors'))!.doc) as any;
      doc.pages['/'].blocks[0].props.heading = `Round ${round}`;
      const saved = await documents.save('test-motors', { baseRev: base, doc, publish: true, author: { email: alice.author, name: alice.authorName } });
      if (!saved.ok) throw new Error(JSON.stringify(saved));
      base = saved.revision.rev;
      expect(
        await until(() => {
          const h = heading();
          seen.add(String(h));
          return h === `Round ${round}`;
        }),
      ).toBe(true);
    }
    expect([...seen].every((h) => /^Round \d+$|^Welcome/.test(h))).toBe(true);
    reading = false;
    await reader;
    expect(opens).toBeGreaterThan(10);
    expect((await b.list('test-motors')).filter((r) => r.kind === 'imported').map((r) => r.rev)).toEqual([1]);

    // A tenant file that does not validate (written past the editor, e.g. an import): logged, the last valid one stays.
    await a.putText('test-motors', JSON.stringify({ ...minimalTenant(), theme: { primary: 'not a colour' } }));
    expect(await until(() => logs.some((l) => l.includes('does not validate')))).toBe(true);
    expect(heading()).toBe('Round 99');

    // A new tenant imported on one process is served by the other.
    await a.putText('new-motors', JSON.stringify(minimalTenant('new-motors', { name: 'New Motors' })));
    expect(await until(() => registry.match('new-motors.localhost').kind === 'tenant')).toBe(true);
    await follower.close();
  }, 60_000);

  it('after losing its LISTEN connection a process reconnects and reloads everything, so no publish is missed', async () => {
    const tenantsDir = tempTenantsDir({ 'test-motors': minimalTenant() });
    const templatesDir = join(tenantsDir, 'templates');
    const url = await freshSchemaUrl(pgUrl!, 'tenant_relisten_test');
    const a = await openTenantDocumentStore({ databaseUrl: url, tenantsDir, revisionsDir: join(tenantsDir, 'unused'), log: () => {} });
    const listenerName = `relisten-${process.pid}-${Date.now()}`;
    const b = await PgTenantDocumentStore.open(url, { listenerName });
    opened.push(a, b);
    const logs: string[] = [];
    const registry = new TenantRegistry(tenantsDir, templatesDir, undefined, (m) => logs.push(m));
    registry.replaceAll(await loadStoredTenants(b, templatesDir));
    const follower = new TenantFollower(b, registry, (m) => logs.push(m));
    await follower.start();
    const name = () => {
      const m = registry.match('test-motors.localhost');
      return m.kind === 'tenant' ? m.doc.name : m.kind;
    };
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      // The listener's connection is cut, and a publish happens before it is back: the notification is lost.
      const cut = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [listenerName]);
      expect(cut.rowCount).toBe(1);
      await a.putText('test-motors', JSON.stringify({ ...minimalTenant(), name: 'Renamed While Away' }));
      expect(await until(() => name() === 'Renamed While Away', 10_000)).toBe(true);
      expect(logs.join('\n')).toContain('notification connection was lost');
      // And it listens again.
      await a.putText('test-motors', JSON.stringify({ ...minimalTenant(), name: 'Renamed After' }));
      expect(await until(() => name() === 'Renamed After')).toBe(true);
    } finally {
      await admin.end();
      await follower.close();
    }
  }, 60_000);
});

describe.skipIf(!pgUrl)('npm run tenants -- import|export', () => {
  it('imports valid files (and revision files), refuses all when one fails, and exports them back byte for byte', async () => {
    const { importTenants, exportTenants } = await import('./tenant-transfer');
    const url = await freshSchemaUrl(pgUrl!, 'tenant_transfer_test');
    const store = await PgTenantDocumentStore.open(url);
    opened.push(store);
    const broken = tempTenantsDir({ 'test-motors': minimalTenant(), 'bad-motors': { ...minimalTenant('bad-motors'), theme: { primary: 'nope' } } });
    const refused = await importTenants(store, broken);
    expect(refused.written).toEqual([]);
    expect(refused.problems.join('\n')).toContain('bad-motors.json');
    expect(await store.slugs()).toEqual([]);

    const source = tempTenantsDir({ 'test-motors': minimalTenant(), 'other-motors': minimalTenant('other-motors') });
    const revisionsDir = mkdtempSync(join(tmpdir(), 'revisions-'));
    const fileRevisions = new FileTenantDocumentStore(source, revisionsDir);
    await fileRevisions.append('test-motors', { baseRev: undefined, kind: 'imported', ...alice, doc: { v: 1 } });
    await fileRevisions.append('test-motors', { baseRev: 1, kind: 'draft', ...bob, doc: { v: 2 } });
    const imported = await importTenants(store, source, { revisionsDir });
    expect(imported).toEqual({ written: ['other-motors', 'test-motors'], problems: [], revisions: 2 });
    expect(await store.list('test-motors')).toEqual(await fileRevisions.list('test-motors'));

    const target = tempTenantsDir();
    expect((await exportTenants(store, target)).written).toEqual(['other-motors', 'test-motors']);
    for (const slug of ['other-motors', 'test-motors']) {
      expect(readFileSync(join(target, `${slug}.json`), 'utf8')).toBe(readFileSync(join(source, `${slug}.json`), 'utf8'));
    }
  });
});

describe.skipIf(!pgUrl)('tenant documents in a PostgreSQL database made before migrations', () => {
  it('are adopted as they are: the document, its revisions and their numbering carry on', async () => {
    const url = await freshSchemaUrl(pgUrl!, 'tenant_docs_old');
    const old = new pg.Client({ connectionString: url });
    await old.connect();
    // The tables as the store made them before it had migrations, with a published tenant in them.
    await old.query(`
CREATE TABLE tenant_documents (slug TEXT PRIMARY KEY, file TEXT NOT NULL, version BIGINT NOT NULL DEFAULT 1, updated_at TIMESTAMPTZ NOT NULL DEFAULT now());
CREATE TABLE tenant_revisions (slug TEXT NOT NULL, rev INTEGER NOT NULL, kind TEXT NOT NULL, author TEXT NOT NULL, author_name TEXT NOT NULL,
  at TEXT NOT NULL, base_rev INTEGER, restored_from INTEGER, doc TEXT NOT NULL, PRIMARY KEY (slug, rev));
INSERT INTO tenant_documents (slug, file) VALUES ('old-motors', '{"name":"Old Motors"}');
INSERT INTO tenant_revisions VALUES ('old-motors', 1, 'published', 'alice@example.com', 'Alice Nguyen', '2026-01-01T00:00:00.000Z', NULL, NULL, '{"v":1}');`);
    await old.end();
    const store = await PgTenantDocumentStore.open(url);
    opened.push(store);
    expect(await store.slugs()).toEqual(['old-motors']);
    const snapshot = await store.snapshot('old-motors');
    expect(snapshot.text).toBe('{"name":"Old Motors"}');
    expect(snapshot.live).toEqual({ rev: 1, kind: 'published', ...alice, at: '2026-01-01T00:00:00.000Z', doc: { v: 1 } });
    expect(await store.append('old-motors', { baseRev: 1, kind: 'published', ...bob, doc: { v: 2 } }, '{"name":"Still Old Motors"}')).toMatchObject({
      ok: true,
      revision: { rev: 2, baseRev: 1 },
    });
    expect(await store.readText('old-motors')).toBe('{"name":"Still Old Motors"}');
    expect(await store.append('old-motors', { baseRev: 1, kind: 'draft', ...alice, doc: { v: 3 } })).toMatchObject({ ok: false, conflict: { rev: 2 } });
  });
});
