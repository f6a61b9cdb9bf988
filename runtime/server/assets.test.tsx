import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Document, type BootData } from '../renderer/Document';
import { CLIENT_ENTRY, manifestAssets } from './assets';

/** A client build with an entry, a block importing a shared chunk, each with its stylesheet. */
function clientBuild(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'assets-test-'));
  mkdirSync(join(dir, '.vite'), { recursive: true });
  mkdirSync(join(dir, 'assets'));
  const manifest = {
    [CLIENT_ENTRY]: { file: 'assets/entry.js', css: ['assets/site.css'] },
    'blocks/hero/index.tsx': { file: 'assets/hero.js', css: ['assets/hero.css'], imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
  };
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const [name, css] of Object.entries(files)) writeFileSync(join(dir, 'assets', name), css);
  return manifestAssets(dir);
}

const boot = (styles: string[]): BootData =>
  ({
    site: { theme: { primary: '#0b3d91', logo: { url: '/logo.svg' } } },
    assets: { script: '/assets/entry.js', styles, modulePreloads: [] },
    hydrationData: {},
  }) as unknown as BootData;

describe('page stylesheets', () => {
  it('inlines each stylesheet of the page in order, each beside a disabled link that keeps chunks from fetching it again', () => {
    const assets = clientBuild({ 'site.css': 'body{margin:0}', 'hero.css': '.hero>h1{color:red}', 'shared.css': '.card{padding:1rem}' });
    const { styles } = assets.forBlocks(['hero']);
    expect(styles).toEqual(['/assets/site.css', '/assets/hero.css', '/assets/shared.css']);
    const html = renderToStaticMarkup(
      <Document boot={boot(styles)} bootJson="{}" stylesheetText={assets.stylesheetText}>
        <main />
      </Document>,
    );
    expect(html).toContain(
      '<style data-href="/assets/site.css">body{margin:0}</style><link rel="stylesheet" href="/assets/site.css" disabled=""/>' +
        '<style data-href="/assets/hero.css">.hero>h1{color:red}</style><link rel="stylesheet" href="/assets/hero.css" disabled=""/>' +
        '<style data-href="/assets/shared.css">.card{padding:1rem}</style>',
    );
    // No stylesheet request blocks the first paint.
    expect(html).not.toMatch(/<link rel="stylesheet" href="[^"]*"\/>/);
  });

  it('links a stylesheet it cannot inline safely, or cannot find', () => {
    const assets = clientBuild({ 'site.css': '.a::after{content:"</style>"}', 'hero.css': '.hero{}' });
    expect(assets.stylesheetText?.('/assets/site.css')).toBeUndefined();
    expect(assets.stylesheetText?.('/assets/shared.css')).toBeUndefined();
    expect(assets.stylesheetText?.('/assets/hero.css')).toBe('.hero{}');
    const html = renderToStaticMarkup(
      <Document boot={boot(assets.forBlocks(['hero']).styles)} bootJson="{}" stylesheetText={assets.stylesheetText}>
        <main />
      </Document>,
    );
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css"/><style data-href="/assets/hero.css">.hero{}</style>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/shared.css"/>');
  });
});
