// Loads an inventory feed (JSON or CSV, as INVENTORY_FILE) into a real Meilisearch index, with the same documents
// and index settings the server builds for the embedded engine (runtime/inventory/car-catalogue.ts).
//   npx tsx tools/search-index.ts <inventory.json|csv> [--index Car_production] [--host URL] [--key KEY] [--replace] [--batch 5000]
// Host and key default to MEILISEARCH_HOST and MEILISEARCH_KEY. Progress and problems go to stderr; exit 0 when every
// good row is searchable, 1 when Meilisearch is unreachable, refuses the key or fails a task, 2 for a usage error.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatImportReport, importInventory } from '../runtime/inventory/import.js';
import { CAR_INDEX_UID } from '../runtime/search/car-index-settings.js';
import { MeilisearchEngine } from '../runtime/search/meilisearch/meilisearch-engine.js';
import { SearchError } from '../runtime/search/search-error.js';
import { replaceIndex } from '../runtime/search/replace-index.js';
import { carIndexSettings, searchDocument } from '../runtime/inventory/car-catalogue.js';

const USAGE = 'Usage: npx tsx tools/search-index.ts <inventory.json|csv> [--index Car_production] [--host URL] [--key KEY] [--replace] [--batch 5000]';

export function progressBar(done: number, total: number, width = 30): string {
  const ratio = total === 0 ? 1 : done / total;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${done.toLocaleString('en-AU')}/${total.toLocaleString('en-AU')} cars`;
}

function usageError(message: string): number {
  console.error(message);
  return 2;
}

/** The command line's options, or the error parseArgs throws for an unknown or malformed one. */
function parseCommandLine(argv: string[], env: Record<string, string | undefined>) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        index: { type: 'string', default: CAR_INDEX_UID },
        host: { type: 'string', default: env.MEILISEARCH_HOST },
        key: { type: 'string', default: env.MEILISEARCH_KEY },
        replace: { type: 'boolean', default: false },
        batch: { type: 'string', default: '5000' },
      },
    });
  } catch (error) {
    return error as Error;
  }
}

export async function main(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  const parsed = parseCommandLine(argv, env);
  if (parsed instanceof Error) return usageError(`${parsed.message}\n${USAGE}`);
  const { values, positionals } = parsed;
  const file = positionals[0];
  if (!file) return usageError(USAGE);
  const host = values.host?.trim();
  if (!host) return usageError('No Meilisearch host: set MEILISEARCH_HOST (and MEILISEARCH_KEY) or pass --host.');
  const batchSize = Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize <= 0) return usageError(`--batch must be a positive whole number, got "${values.batch}".`);

  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return usageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  // The same import as the server's INVENTORY_FILE: rows validated, makes normalised, search fields derived.
  const report = importInventory(text, file.toLowerCase().endsWith('.csv') ? 'csv' : 'json');
  if (report.rejected.length) console.error(formatImportReport(report).join('\n'));
  if (report.cars.length === 0) {
    console.error(`No cars to index in ${file}.`);
    return 1;
  }
  const docs = report.cars.map(searchDocument);

  const engine = new MeilisearchEngine(host, values.key?.trim() || undefined);
  const uid = values.index!;
  try {
    const started = performance.now();
    const end = process.stderr.isTTY ? '\r' : '\n';
    const progress = (added: number, total: number) => process.stderr.write(`${progressBar(added, total)}${end}`);
    if (values.replace) {
      // Built beside the live index and swapped in: searches keep answering from the old stock until the new is ready.
      await replaceIndex(engine, uid, carIndexSettings, docs, 'id', { batchSize, onProgress: progress });
    } else {
      try {
        await engine.createIndex(uid, carIndexSettings);
      } catch (error) {
        if (error instanceof SearchError && error.code === 'index_already_exists') {
          console.error(`Index \`${uid}\` already exists at ${host}. Pass --replace to rebuild it.`);
          return 1;
        }
        throw error;
      }
      console.error(
        `Index \`${uid}\` created at ${host} (searchable: ${carIndexSettings.searchableAttributes.join(', ')}; ` +
          `filterable: ${carIndexSettings.filterableAttributes.length} attributes; sortable: ${carIndexSettings.sortableAttributes.join(', ')}).`,
      );
      for (let i = 0; i < docs.length; i += batchSize) {
        await engine.addDocuments(uid, docs.slice(i, i + batchSize), 'id');
        progress(Math.min(i + batchSize, docs.length), docs.length);
      }
    }
    if (end === '\r') process.stderr.write('\n');
    console.error(`Indexed ${docs.length.toLocaleString('en-AU')} cars into \`${uid}\` in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } catch (error) {
    if (error instanceof SearchError) {
      console.error(`Indexing into \`${uid}\` failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

const invokedDirectly = process.argv[1]?.endsWith('search-index.ts');
if (invokedDirectly) {
  main(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
