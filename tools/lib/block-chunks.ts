// Where each block's code and styles are in the browser build. Vite's manifest names a block's chunk only while the
// block is a chunk of its own: Rollup's experimentalMinChunkSize merges small blocks into other chunks, and then the
// manifest has no entry for them, so the server found neither their stylesheets (to inline; a search page painted its
// filters unstyled, then shifted 0.4 of the screen) nor their scripts (to modulepreload). This plugin writes
// .vite/block-chunks.json from the bundle itself: for each block, the chunk holding its index.tsx, the chunks that one
// imports, and every stylesheet of those.
import type { Plugin } from 'vite';
import { BLOCK_CHUNKS_FILE, type BlockChunk } from '../../runtime/server/block-chunks-file';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

const BLOCK_MODULE = /\/blocks\/([^/]+)\/index\.tsx$/;

/** The block types whose index.tsx each chunk holds (several when Rollup merged them). */
function blocksByChunk(chunks: Iterable<{ fileName: string; moduleIds: readonly string[] }>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const chunk of chunks) {
    const types = chunk.moduleIds.flatMap((id) => BLOCK_MODULE.exec(id.replace(/\?.*$/s, ''))?.[1] ?? []);
    if (types.length) found.set(chunk.fileName, types);
  }
  return found;
}

export function blockChunks(): Plugin {
  return {
    name: 'block-chunks',
    apply: 'build',
    // After Vite's own generateBundle, which removes chunks holding only stylesheets (a manual chunk of a library's CSS,
    // vite.config.ts): listed as a block's import, the server would modulepreload a file that does not exist.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (this.environment?.config.build.ssr) return;
        const chunks = new Map<string, ChunkLike>();
        for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
        const closure = (file: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const next of chunks.get(file)?.imports ?? []) closure(next, seen);
          return seen;
        };
        const blocks: Record<string, BlockChunk> = {};
        for (const [file, types] of blocksByChunk(chunks.values())) {
          const all = [...closure(file)];
          const css = [...new Set(all.flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]))];
          for (const type of types) blocks[type] = { file, imports: all.filter((f) => f !== file), css };
        }
        this.emitFile({ type: 'asset', fileName: BLOCK_CHUNKS_FILE, source: JSON.stringify({ blocks }, null, 1) });
      },
    },
  };
}
