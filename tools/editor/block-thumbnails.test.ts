// The committed block thumbnails are current: every block has an entry made from its present fixtures, and an image
// where the entry says the block showed something. When this fails, run `npm run editor:thumbnails`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../bench/server';
import { blockFolders, fixtureHash, THUMBNAIL_DIR } from './thumbnail-manifest';

const manifest = JSON.parse(readFileSync(join(root, THUMBNAIL_DIR, 'manifest.json'), 'utf8')) as Record<string, { hash: string; image: boolean }>;

describe('block thumbnails', () => {
  it('cover exactly the blocks there are', () => {
    expect(Object.keys(manifest).sort()).toEqual(blockFolders());
  });
  it.each(blockFolders())('%s: made from its present fixtures, image present when it showed something', (type) => {
    expect(manifest[type]?.hash, 'fixtures changed since the thumbnails were made: run npm run editor:thumbnails').toBe(fixtureHash(type));
    expect(existsSync(join(root, THUMBNAIL_DIR, `${type}.webp`))).toBe(manifest[type]?.image);
  });
  it('most blocks have an image (a broken renderer would leave none)', () => {
    expect(Object.values(manifest).filter((m) => m.image).length).toBeGreaterThan(blockFolders().length / 2);
  });
});
