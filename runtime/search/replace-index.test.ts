import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedSearchEngine } from './embedded/embedded-engine';
import { MeilisearchEngine } from './meilisearch/meilisearch-engine';
import { startMeilisearchStub, type MeilisearchStub } from '../../test-support/meilisearch-stub';
import { replaceIndex } from './replace-index';
import type { IndexSettings, SearchEngine } from './types';

const settings: IndexSettings = { searchableAttributes: ['title'], filterableAttributes: ['batch'], sortableAttributes: [] };
const batch = (name: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `car ${i + 1}`, batch: name }));

let stub: MeilisearchStub;
beforeAll(async () => {
  stub = await startMeilisearchStub({ pollsBeforeDone: 2, autoProcessMs: 5 });
});
afterAll(() => stub.close());

const engines: [string, () => SearchEngine][] = [
  ['embedded engine', () => new EmbeddedSearchEngine()],
  ['Meilisearch (HTTP stub)', () => new MeilisearchEngine(stub.url)],
];

describe.each(engines)('replaceIndex on the %s', (_name, make) => {
  it('swaps the new documents in whole: searches during the rebuild see the old set or the new, never an empty index', async () => {
    const engine = make();
    const uid = `cars_${Math.floor(Math.random() * 1e9)}`;
    await replaceIndex(engine, uid, settings, batch('old', 30));
    expect((await engine.search(uid, { q: '', limit: 100 })).hits).toHaveLength(30);

    const seen: string[] = [];
    let rebuilding = true;
    const searcher = (async () => {
      while (rebuilding) {
        const { hits } = await engine.search<{ batch: string }>(uid, { q: '', limit: 100 });
        seen.push(hits.length === 0 ? 'empty' : `${new Set(hits.map((h) => h.batch)).size === 1 ? hits[0]?.batch : 'mixed'}:${hits.length}`);
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    await replaceIndex(engine, uid, settings, batch('new', 20), 'id', { batchSize: 5 });
    rebuilding = false;
    await searcher;

    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s !== 'old:30' && s !== 'new:20')).toEqual([]);
    expect((await engine.search<{ batch: string }>(uid, { q: '', limit: 100 })).hits.map((h) => h.batch)).toEqual(Array(20).fill('new'));
  });

  it('a failed rebuild leaves the live index as it was', async () => {
    const engine = make();
    const uid = `cars_${Math.floor(Math.random() * 1e9)}`;
    await replaceIndex(engine, uid, settings, batch('old', 3));
    await expect(replaceIndex(engine, uid, settings, [{ title: 'no id' }])).rejects.toMatchObject({ code: 'missing_document_id' });
    expect((await engine.search(uid, { q: '' })).hits).toHaveLength(3);
  });
});

describe('replaceIndex on Meilisearch', () => {
  it('applies the settings to the new index, and deletes the staging index after the swap', async () => {
    const engine = new MeilisearchEngine(stub.url);
    const uid = `cars_${Math.floor(Math.random() * 1e9)}`;
    const from = stub.requests.length;
    await replaceIndex(engine, uid, settings, batch('new', 2));
    const requests = stub.requests.slice(from);
    const staging = (requests.find((r) => r.method === 'POST' && r.path === '/indexes')!.body as { uid: string }).uid;
    expect(staging).toMatch(new RegExp(`^${uid}_rebuild_`));
    expect(requests.some((r) => r.method === 'PATCH' && r.path === `/indexes/${staging}/settings`)).toBe(true);
    expect(requests.some((r) => r.method === 'POST' && r.path === '/swap-indexes')).toBe(true);
    expect(requests.some((r) => r.method === 'DELETE' && r.path === `/indexes/${staging}`)).toBe(true);
  });
});

describe('swapIndexes', () => {
  it('refuses a pair naming an index that does not exist, on both engines', async () => {
    for (const [, make] of engines) {
      const engine = make();
      const uid = `cars_${Math.floor(Math.random() * 1e9)}`;
      await engine.createIndex(uid, settings);
      await expect(engine.swapIndexes([[uid, `${uid}_missing`]])).rejects.toMatchObject({ code: 'index_not_found' });
    }
  });
});
