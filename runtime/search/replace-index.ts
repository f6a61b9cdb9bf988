// Filling an index with a whole new set of documents without a moment of empty or partial results: the documents go
// into a staging index beside the live one, which is then swapped in (Meilisearch's swap-indexes, one atomic task) and
// the old contents dropped. Settings are applied to the staging index each time, so a rebuild also applies them.
import { randomUUID } from 'node:crypto';
import { SearchError } from './search-error.js';
import type { Document, IndexSettings, SearchEngine } from './types.js';

export async function replaceIndex(
  engine: SearchEngine, uid: string, settings: IndexSettings, docs: Document[], primaryKey = 'id',
  { batchSize = docs.length || 1, onProgress }: { batchSize?: number; onProgress?: (added: number, total: number) => void } = {},
): Promise<void> {
  // A name of its own per rebuild: several server processes may rebuild the same live index at once.
  const staging = `${uid}_rebuild_${randomUUID().slice(0, 8)}`;
  await engine.createIndex(staging, settings);
  try {
    for (let i = 0; i < docs.length; i += batchSize) {
      await engine.addDocuments(staging, docs.slice(i, i + batchSize), primaryKey);
      onProgress?.(Math.min(i + batchSize, docs.length), docs.length);
    }
    // The first build ever: an empty live index to swap with (the only time searches can see it empty).
    await engine.createIndex(uid, settings).catch((error: unknown) => {
      if (!(error instanceof SearchError && error.code === 'index_already_exists')) throw error;
    });
    await engine.swapIndexes([[uid, staging]]);
  } finally {
    await engine.deleteIndex(staging).catch(() => undefined);
  }
}
