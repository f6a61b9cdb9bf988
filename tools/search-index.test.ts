// tools/search-index.ts end to end: the real CLI (a child process through tsx) against the Meilisearch HTTP stub.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInventory } from '../runtime/inventory/generate.js';
import { NOW, SAMPLE_DEALERSHIPS } from '../test-support/inventory.js';
import { MeilisearchEngine } from '../runtime/search/meilisearch/meilisearch-engine.js';
import { startMeilisearchStub, type MeilisearchStub } from '../test-support/meilisearch-stub.js';
import { carIndexSettings } from '../runtime/inventory/car-catalogue.js';
import { totalHitsOf } from '../runtime/search/types.js';
import { atLeast } from '../test-support/at-least';

const KEY = 'indexer-master-key-0123456789';
const TSX = join(process.cwd(), 'node_modules/.bin/tsx');
const FEED_WITH_BAD_ROWS = join(process.cwd(), 'runtime/inventory/fixtures/feed-good-and-bad.json');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runTool(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const { MEILISEARCH_HOST: _h, MEILISEARCH_KEY: _k, ...base } = process.env;
    const child = spawn(TSX, ['tools/search-index.ts', ...args], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('tools/search-index.ts against a stub of the Meilisearch API', () => {
  let stub: MeilisearchStub;
  let dir: string;
  let sevenCars: string;
  let twoCars: string;
  const cars = generateInventory({ count: 7, seed: 16, dealerships: SAMPLE_DEALERSHIPS, now: NOW });

  beforeAll(async () => {
    stub = await startMeilisearchStub({ masterKey: KEY, pollsBeforeDone: 2 });
    dir = mkdtempSync(join(tmpdir(), 'search-index-'));
    sevenCars = join(dir, 'seven.json');
    writeFileSync(sevenCars, JSON.stringify(cars));
    twoCars = join(dir, 'two.json');
    writeFileSync(twoCars, JSON.stringify({ cars: cars.slice(0, 2) }));
  });
  afterAll(async () => {
    await stub.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates the index with the server's settings and loads the file in batches, with progress on stderr", async () => {
    const from = stub.requests.length;
    const run = await runTool([sevenCars, '--batch', '3'], { MEILISEARCH_HOST: stub.url, MEILISEARCH_KEY: KEY });
    expect(run.stderr).not.toMatch(/rejected/);
    expect(run.code).toBe(0);

    const sent = stub.requests.slice(from);
    expect(sent.every((q) => q.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(sent.filter((q) => q.method === 'POST' && q.path === '/indexes').map((q) => q.body)).toEqual([{ uid: 'Car_production', primaryKey: 'id' }]);
    const batches = sent.filter((q) => q.path === '/indexes/Car_production/documents');
    expect(batches.map((q) => (q.body as unknown[]).length)).toEqual([3, 3, 1]);
    expect(batches.every((q) => q.query.primaryKey === 'id')).toBe(true);

    const settings = await (await fetch(`${stub.url}/indexes/Car_production/settings`, { headers: { authorization: `Bearer ${KEY}` } })).json();
    expect(settings).toMatchObject({
      searchableAttributes: ['name', 'make', 'model', 'badge', 'stocknum'],
      filterableAttributes: carIndexSettings.filterableAttributes,
      sortableAttributes: carIndexSettings.sortableAttributes,
      faceting: { maxValuesPerFacet: 250 },
      pagination: { maxTotalHits: 200_000 },
    });
    expect(settings.filterableAttributes).toEqual(expect.arrayContaining(['make', 'model', 'price', 'dealership_id', 'make_slug', 'model_slug']));
    expect(settings.sortableAttributes).toEqual(expect.arrayContaining(['price', 'km', 'year', 'custom_rank', 'car_type_rank']));

    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toMatch(
      /^Index `Car_production` created at http:\/\/127\.0\.0\.1:\d+ \(searchable: name, make, model, badge, stocknum; filterable: \d+ attributes; sortable: /,
    );
    expect(lines.slice(1, 4)).toEqual([
      '[#############-----------------]  43% 3/7 cars',
      '[##########################----]  86% 6/7 cars',
      '[##############################] 100% 7/7 cars',
    ]);
    expect(lines[4]).toMatch(/^Indexed 7 cars into `Car_production` in \d+\.\d s\.$/);

    // What the search pages ask for works on what was loaded: route slugs and sort ranks the server derives.
    const engine = new MeilisearchEngine(stub.url, KEY);
    const all = await engine.search('Car_production', { limit: 0, facets: ['make_slug'] });
    expect(totalHitsOf(all)).toBe(7);
    const [[slug, count]] = atLeast(1, Object.entries(all.facetDistribution!.make_slug ?? {}), 'the make slugs');
    const bySlug = await engine.search('Car_production', { filter: `make_slug = ${slug}`, sort: ['car_type_rank:asc'], limit: 20 });
    expect(bySlug.hits.map((h) => h.id).sort()).toEqual(
      cars
        .filter((c) => c.make.toLowerCase().replace(/[^a-z0-9]+/g, '-') === slug)
        .map((c) => c.id)
        .sort(),
    );
    expect(bySlug.hits).toHaveLength(count);
  }, 60_000);

  it('refuses to overwrite an existing index unless --replace, which rebuilds it', async () => {
    const again = await runTool([twoCars, '--host', stub.url, '--key', KEY]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`Index \`Car_production\` already exists at ${stub.url}. Pass --replace to rebuild it.\n`);

    const replaced = await runTool([twoCars, '--host', stub.url, '--key', KEY, '--replace']);
    expect(replaced.code).toBe(0);
    expect(replaced.stderr).toMatch(/Indexed 2 cars into `Car_production`/);
    const r = await new MeilisearchEngine(stub.url, KEY).search('Car_production', { limit: 20 });
    expect(r.hits.map((h) => h.id)).toEqual(cars.slice(0, 2).map((c) => c.id));
  }, 60_000);

  it('reports rejected feed rows and indexes the good ones', async () => {
    const run = await runTool([FEED_WITH_BAD_ROWS, '--host', stub.url, '--key', KEY, '--index', 'feed_test']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^1 cars imported, 3 rows rejected\n/);
    expect(run.stderr).toContain('row 2: price must be a number');
    expect(run.stderr).toContain('Indexed 1 cars into `feed_test`');
    const r = await new MeilisearchEngine(stub.url, KEY).search('feed_test', {});
    expect(r.hits.map((h) => [h.id, h.make])).toEqual([[701, 'Suzuki']]);
  }, 60_000);

  it('exits 1 with a clear message when the key is wrong, before loading anything', async () => {
    const from = stub.requests.length;
    const run = await runTool([sevenCars, '--host', stub.url, '--key', 'not-the-key', '--index', 'wrong_key']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `Indexing into \`wrong_key\` failed: Meilisearch at ${stub.url} refused the API key (invalid_api_key): The provided API key is invalid. Check MEILISEARCH_KEY.\n`,
    );
    expect(stub.requests.slice(from).map((q) => `${q.method} ${q.path}`)).toEqual(['POST /indexes']);
  }, 60_000);

  it('exits 1 with a clear message when no key is given to a server that needs one', async () => {
    const run = await runTool([sevenCars, '--host', stub.url, '--index', 'no_key']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('refused the API key (missing_authorization_header)');
  }, 60_000);

  it('exits 1 with a clear message when the host is unreachable', async () => {
    // Port 4197 in the range reserved for tests; nothing listens there.
    const run = await runTool([sevenCars, '--host', 'http://127.0.0.1:4197', '--key', KEY]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Indexing into `Car_production` failed: Search engine unavailable: cannot reach Meilisearch at http://127.0.0.1:4197 (connect ECONNREFUSED 127.0.0.1:4197)\n',
    );
  }, 60_000);

  it('exits 2 with usage help when the host, file or batch size is missing or wrong', async () => {
    expect(await runTool([sevenCars])).toMatchObject({ code: 2, stderr: 'No Meilisearch host: set MEILISEARCH_HOST (and MEILISEARCH_KEY) or pass --host.\n' });
    expect(await runTool([], { MEILISEARCH_HOST: stub.url })).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^Usage: npx tsx tools\/search-index\.ts/),
    });
    expect(await runTool([sevenCars, '--host', stub.url, '--batch', '0'])).toMatchObject({
      code: 2,
      stderr: '--batch must be a positive whole number, got "0".\n',
    });
    expect(await runTool([join(dir, 'missing.json'), '--host', stub.url])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^Cannot read .*missing\.json: ENOENT/),
    });
  }, 60_000);
});
