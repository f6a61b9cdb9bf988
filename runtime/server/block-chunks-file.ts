// The build's record of where each block's code and styles are (written by tools/lib/block-chunks.ts, read by
// assets.ts): Vite's manifest misses blocks that Rollup merged into other chunks.
export const BLOCK_CHUNKS_FILE = '.vite/block-chunks.json';

export interface BlockChunk {
  /** The chunk holding the block's index.tsx. */
  file: string;
  /** Chunks it imports statically, all the way down (not the entry's: those load anyway). */
  imports: string[];
  /** Stylesheets of the chunk and of everything it imports. */
  css: string[];
}
