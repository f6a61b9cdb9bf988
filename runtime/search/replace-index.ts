// Filling an index with a whole new set of documents without a moment of empty or partial results: the documents go
// into a staging index beside the live one, which is then swapped in (Meilisearch's swap-indexes, one atomic task) and
// the old contents dropped. Settings are applied to the staging index each time, so a rebuild also applies them.
import { randomUUID } from 'node:crypto';
import { SearchError } from './search-error.js';
import type { Document, IndexSettings, SearchEngine } from './types.js';

export async function replaceIndex(
  engine: SearchEngine,
  uid: string,
  settings: IndexSettings,
  docs: Document[],
  primaryKey = 'id',
  { batchSize = docs.length || 1, onProgress }: { batchSize?: number; onProgress?: (added: number, total: number) => void } = {},
): Promise<void> {
  function* batches() {
    for (let i = 0; i < docs.length; i += batchSize) {
      yield docs.slice(i, i + batchSize);
      onProgress?.(Math.min(i + batchSize, docs.length), docs.length);
    }
  }
  await replaceIndexFrom(engine, uid, settings, batches(), primaryKey);
}

/** replaceIndex from batches made as they are sent (a large stock need not be held whole). */
export async function replaceIndexFrom(
  engine: SearchEngine,
  uid: string,
  settings: IndexSettings,
  batches: Iterable<Document[]>,
  primaryKey = 'id',
): Promise<void> {
  // A name of its own per rebuild: several server processes may rebuild the same live index at once.
  const staging = `${uid}_rebuild_${randomUUID().slice(0, 8)}`;
  await engine.createIndex(staging, settings);
  try {
    for (const batch of batches) await engine.addDocuments(staging, batch, primaryKey);
    // The first build ever: an empty live index to swap with (the only time searches can see it empty).
    await engine.createIndex(uid, settings).catch((error: unknown) => {
      if (!(error instanceof SearchError && error.code === 'index_already_exists')) throw error;
    });
    await engine.swapIndexes([[uid, staging]]);
  } finally {
    await engine.deleteIndex(staging).catch(() => undefined);
  }
}
