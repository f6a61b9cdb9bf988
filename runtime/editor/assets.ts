// The editor's two browser entries (the editor app and the preview inside its iframe) as the Vite manifest names
// them. They are entries of the site's client build (vite.config.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EDITOR_ENTRY = 'editor/app/main.tsx';
export const PREVIEW_ENTRY = 'editor/preview/main.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export interface EntryAssets {
  script: string;
  styles: string[];
  preloads: string[];
}

export function editorAssets(clientDir: string): (entry: string) => EntryAssets | undefined {
  let manifest: Record<string, ManifestChunk> | undefined;
  return (entry) => {
    const path = join(clientDir, '.vite/manifest.json');
    if (!manifest?.[entry] && existsSync(path)) manifest = JSON.parse(readFileSync(path, 'utf8'));
    const chunk = manifest?.[entry];
    if (!manifest || !chunk) return undefined;
    const styles = new Set<string>();
    const preloads = new Set<string>();
    const seen = new Set<string>();
    const collect = (key: string) => {
      const c = manifest![key];
      if (!c || seen.has(key)) return;
      seen.add(key);
      if (key !== entry) preloads.add('/' + c.file);
      c.css?.forEach((f) => styles.add('/' + f));
      c.imports?.forEach(collect);
    };
    collect(entry);
    return { script: '/' + chunk.file, styles: [...styles], preloads: [...preloads] };
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function shellHtml(title: string, assets: EntryAssets, rootId: string, data: Record<string, string> = {}): string {
  const attrs = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`)
    .join('');
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>${assets.styles
    .map((h) => `<link rel="stylesheet" href="${escapeHtml(h)}">`)
    .join(
      '',
    )}${assets.preloads.map((h) => `<link rel="modulepreload" href="${escapeHtml(h)}">`).join('')}<script type="module" src="${escapeHtml(assets.script)}"></script></head><body><div id="${rootId}"${attrs}></div></body></html>`;
}
