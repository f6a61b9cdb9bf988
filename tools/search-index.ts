// Loads an inventory JSON file into a real Meilisearch index with the car index settings.
//   npx tsx tools/search-index.ts <inventory.json> [--index Car_production] [--host URL] [--key KEY] [--replace] [--batch 5000]
// Host and key default to MEILISEARCH_HOST and MEILISEARCH_KEY. Progress goes to stderr.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CAR_INDEX_SETTINGS, CAR_INDEX_UID } from '../runtime/search/car-index-settings.js';
import { MeilisearchEngine } from '../runtime/search/meilisearch/meilisearch-engine.js';
import { SearchError } from '../runtime/search/search-error.js';
import type { Document } from '../runtime/search/types.js';

const USAGE = 'Usage: npx tsx tools/search-index.ts <inventory.json> [--index Car_production] [--host URL] [--key KEY] [--replace] [--batch 5000]';

/** The cars of an inventory file: a JSON array, or an object with a `cars` (or `hits`) array. */
export function carsFromJson(text: string): Document[] {
  const data: unknown = JSON.parse(text);
  const list = Array.isArray(data) ? data : (data as { cars?: unknown; hits?: unknown })?.cars ?? (data as { hits?: unknown })?.hits;
  if (!Array.isArray(list)) throw new Error('The inventory file must hold a JSON array of cars, or an object with a "cars" array.');
  return list as Document[];
}

export function progressBar(done: number, total: number, width = 30): string {
  const ratio = total === 0 ? 1 : done / total;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${done.toLocaleString('en-AU')}/${total.toLocaleString('en-AU')} cars`;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      index: { type: 'string', default: CAR_INDEX_UID },
      host: { type: 'string', default: process.env.MEILISEARCH_HOST },
      key: { type: 'string', default: process.env.MEILISEARCH_KEY },
      replace: { type: 'boolean', default: false },
      batch: { type: 'string', default: '5000' },
    },
  });
  const file = positionals[0];
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  if (!values.host) {
    console.error('No Meilisearch host: set MEILISEARCH_HOST (and MEILISEARCH_KEY) or pass --host.');
    return 2;
  }
  const batchSize = Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize <= 0) {
    console.error(`--batch must be a positive whole number, got "${values.batch}".`);
    return 2;
  }

  const cars = carsFromJson(readFileSync(file, 'utf8'));
  const engine = new MeilisearchEngine(values.host, values.key);
  const uid = values.index!;
  if (values.replace) await engine.deleteIndex(uid).catch((e) => { if (!(e instanceof SearchError && e.code === 'index_not_found')) throw e; });
  try {
    await engine.createIndex(uid, CAR_INDEX_SETTINGS);
  } catch (error) {
    if (error instanceof SearchError && error.code === 'index_already_exists') {
      console.error(`Index \`${uid}\` already exists. Pass --replace to rebuild it.`);
      return 1;
    }
    throw error;
  }
  console.error(`Index \`${uid}\` created (searchable: ${CAR_INDEX_SETTINGS.searchableAttributes.join(', ')}; sortable: ${CAR_INDEX_SETTINGS.sortableAttributes.join(', ')}).`);

  const started = performance.now();
  for (let i = 0; i < cars.length; i += batchSize) {
    await engine.addDocuments(uid, cars.slice(i, i + batchSize), 'id');
    process.stderr.write(`\r${progressBar(Math.min(i + batchSize, cars.length), cars.length)}`);
  }
  process.stderr.write(`\r${progressBar(cars.length, cars.length)}\n`);
  console.error(`Indexed ${cars.length.toLocaleString('en-AU')} cars into \`${uid}\` in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

const invokedDirectly = process.argv[1]?.endsWith('search-index.ts');
if (invokedDirectly) {
  main().then((code) => process.exit(code), (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
