// Maps the Vite build manifest to the files a page needs: the entry script, its CSS, and the chunks (and CSS) of the
// blocks the page uses, so a page ships only its own blocks and starts loading them at once. The page's stylesheets
// are inlined in its <head> (stylesheetText): a vehicle page links about twenty small ones, each a render-blocking
// request on a phone's network; inline, the first paint waits for the HTML alone.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BLOCK_CHUNKS_FILE, type BlockChunk } from './block-chunks-file';
import type { AssetResolver } from '../renderer/entry-server';
import type { PageAssets } from '../renderer/Document';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

export const CLIENT_ENTRY = 'runtime/renderer/entry-client.tsx';

export function manifestAssets(clientDir: string): AssetResolver {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const collect = (key: string, scripts: Set<string>, styles: Set<string>, seen = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.add('/' + chunk.file);
    chunk.css?.forEach((c) => styles.add('/' + c));
    chunk.imports?.forEach((k) => collect(k, scripts, styles, seen));
  };
  const entryScripts = new Set<string>();
  const entryStyles = new Set<string>();
  collect(CLIENT_ENTRY, entryScripts, entryStyles);
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The build's manifest (${clientDir}/.vite/manifest.json) has no ${CLIENT_ENTRY}: build the client again`);
  const script = '/' + entry.file;
  // Where each block's chunk and stylesheets are (block-chunks-file.ts): the manifest misses blocks merged into
  // other chunks. Without the file (an older build), the manifest's entries.
  const blockChunksFile = join(clientDir, BLOCK_CHUNKS_FILE);
  const blockChunks = existsSync(blockChunksFile)
    ? (JSON.parse(readFileSync(blockChunksFile, 'utf8')) as { blocks: Record<string, BlockChunk> }).blocks
    : undefined;
  // Each stylesheet read once; undefined for a file that cannot be inlined safely (it would end the <style> element).
  const styleTexts = new Map<string, string | undefined>();
  const stylesheetText = (href: string) => {
    if (!styleTexts.has(href)) {
      const file = join(clientDir, href);
      const css = href.startsWith('/assets/') && href.endsWith('.css') && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
      styleTexts.set(href, css === undefined || /<\/style/i.test(css) ? undefined : css);
    }
    return styleTexts.get(href);
  };
  return {
    stylesheetText,
    forBlocks(types: string[], preload: string[] = types): PageAssets {
      const scripts = new Set<string>();
      const styles = new Set(entryStyles);
      // Every block's styles (its HTML is all there from the start), only the preloaded blocks' scripts.
      for (const type of types) {
        const block = blockChunks?.[type];
        if (!block) {
          collect(`blocks/${type}/index.tsx`, preload.includes(type) ? scripts : new Set(), styles);
          continue;
        }
        for (const css of block.css) styles.add('/' + css);
        if (preload.includes(type)) for (const file of [block.file, ...block.imports]) scripts.add('/' + file);
      }
      for (const s of entryScripts) scripts.delete(s);
      return { script, styles: [...styles], modulePreloads: [...scripts] };
    },
  };
}
