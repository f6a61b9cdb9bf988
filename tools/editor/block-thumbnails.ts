// npm run editor:thumbnails: the block picker's thumbnails, rendered rather than drawn. Each block's first fixture
// (blocks/*/fixtures.json) goes on a page of its own in a temporary copy of a demo site, the built server renders it
// in Chromium at a desktop width, and the block's element is saved as a small WebP in editor/app/thumbnails/ with a
// manifest of the fixture hashes it was made from. The thumbnails are committed; `block-thumbnails.test.ts` fails
// when a block's fixtures changed (or a block was added) since, so they are made again with this script.
// Options: `--build` (build dist/ first), `--only hero,columns` (re-make those; the others keep their entries).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { loadTenant } from '../../runtime/tenants/load';
import { CHROMIUM_LAUNCH, ensureBuild, root, startServer } from '../bench/server';
import { blockFolders, fixtureHash, THUMBNAIL_DIR, THUMBNAIL_WIDTH } from './thumbnail-manifest';

const args = process.argv.slice(2);
const onlyList = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
if (args.includes('--only') && !onlyList) throw new Error('--only needs the block types, comma-separated: --only hero,rich-text');
const only = onlyList?.split(',');
const SITE = 'harbourside-mazda';
const route = (type: string) => `/editor-thumbnails/${type}`;

ensureBuild(args.includes('--build'), console.log);
const work = mkdtempSync(join(tmpdir(), 'block-thumbnails-'));
const tenantsDir = join(work, 'tenants');
cpSync(join(root, 'tenants'), tenantsDir, { recursive: true });
const file = join(tenantsDir, `${SITE}.json`);
const doc = JSON.parse(readFileSync(file, 'utf8'));
const types = blockFolders().filter((t) => !only || only.includes(t));
for (const type of types) {
  const fixture = JSON.parse(readFileSync(join(root, 'blocks', type, 'fixtures.json'), 'utf8'))[0] ?? {};
  doc.pages[route(type)] = { title: type, blocks: [{ id: `thumb-${type}`, type, props: fixture }] };
}
writeFileSync(file, JSON.stringify(doc, null, 2));
// A fixture that does not validate on the demo site (it names another site's locations, say) would stop the site
// loading: its page is left out and the block gets no image.
for (;;) {
  const loaded = loadTenant(file, join(tenantsDir, 'templates'));
  if (loaded.ok) break;
  const bad = types.filter((t) => doc.pages[route(t)] && loaded.problems.some((p) => p.path.includes(route(t))));
  if (!bad.length) throw new Error(`the demo site does not load: ${loaded.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  for (const t of bad) {
    console.log(`${t}: its first fixture does not validate on ${SITE}`);
    delete doc.pages[route(t)];
  }
  writeFileSync(file, JSON.stringify(doc, null, 2));
}

const port = 3900 + Math.floor(Math.random() * 90);
const server = await startServer(port, { TENANTS_DIR: tenantsDir });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const manifestFile = join(root, THUMBNAIL_DIR, 'manifest.json');
const manifest: Record<string, { hash: string; image: boolean }> = only && existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
mkdirSync(join(root, THUMBNAIL_DIR), { recursive: true });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  for (const type of types) {
    if (!doc.pages[route(type)]) {
      manifest[type] = { hash: fixtureHash(type), image: false };
      rmSync(join(root, THUMBNAIL_DIR, `${type}.webp`), { force: true });
      continue;
    }
    await page.goto(`http://${SITE}.localhost:${port}${route(type)}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    const block = page.locator(`[data-block-id="thumb-${type}"]`).first();
    const box = (await block.count()) ? await block.boundingBox() : null;
    // A block that shows nothing without a car, a signed-in shopper or the site's data gets no image: the picker
    // shows its category's icon instead.
    const image = !!box && box.height >= 16 && box.width >= 16;
    if (image) {
      // Only the block is drawn: the site's sticky header would otherwise cover a block taller than the window.
      const only = `[data-block-id="thumb-${type}"]`;
      await page.addStyleTag({ content: `body * { visibility: hidden !important; } ${only}, ${only} * { visibility: visible !important; }` });
      await block.scrollIntoViewIfNeeded();
      const png = await page.screenshot({ clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 900) }, fullPage: true });
      await sharp(png)
        .resize({ width: THUMBNAIL_WIDTH })
        .webp({ quality: 70 })
        .toFile(join(root, THUMBNAIL_DIR, `${type}.webp`));
    } else rmSync(join(root, THUMBNAIL_DIR, `${type}.webp`), { force: true });
    manifest[type] = { hash: fixtureHash(type), image };
    console.log(`${type}: ${image ? 'image' : 'nothing shown'}`);
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
writeFileSync(manifestFile, `${JSON.stringify(Object.fromEntries(Object.entries(manifest).sort()), null, 2)}\n`);
