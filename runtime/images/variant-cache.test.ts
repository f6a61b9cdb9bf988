// The variant pipeline: real sharp output in each format, a second request read from disk (also after a restart),
// concurrent requests for one variant rendered once, renders limited to the concurrency.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { carImageSvg } from '../inventory/car-image';
import { sniffImageType } from './image-type';
import { encodeImage } from './encode';
import { ImageVariantCache } from './variant-cache';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'variants-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const svg = (width: number, colour = 'Soul Red Crystal') => carImageSvg({ body: 'suv', colour, seed: 7, view: 'side', width });
const filesIn = (dir: string) => readdirSync(dir, { recursive: true }).filter((f) => String(f).match(/\.(avif|webp|jpg)$/));

/** An encoder that counts its calls and can be held, to see what runs at once. */
function countingEncoder() {
  const calls: number[] = [];
  let running = 0;
  let most = 0;
  let release: () => void = () => {};
  let gate = Promise.resolve();
  return {
    calls,
    most: () => most,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
    encode: async (_source: Buffer, width: number) => {
      calls.push(width);
      running++;
      most = Math.max(most, running);
      await gate;
      running--;
      return Buffer.from(`bytes of ${width}`);
    },
  };
}

describe('ImageVariantCache', () => {
  it('renders the drawn SVG with sharp at the asked width as AVIF, WebP and JPEG', async () => {
    const cache = new ImageVariantCache({ dir: tempDir() });
    for (const [format, type] of [
      ['avif', 'avif'],
      ['webp', 'webp'],
      ['jpeg', 'jpeg'],
    ] as const) {
      const bytes = await cache.variant(svg(320), 320, format);
      expect(sniffImageType(bytes), format).toBe(type);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height], format).toEqual([320, 240]);
    }
    expect(cache.stats.rendered).toBe(3);
  }, 30_000);

  it('a second request, and a new process on the same folder, read the file instead of rendering again', async () => {
    const dir = tempDir();
    const first = new ImageVariantCache({ dir });
    const rendered = await first.variant(svg(160), 160, 'webp');
    expect(await first.variant(svg(160), 160, 'webp')).toEqual(rendered);
    expect(first.stats).toMatchObject({ rendered: 1, diskHits: 1 });
    const restarted = countingEncoder();
    const second = new ImageVariantCache({ dir, encode: restarted.encode });
    expect(await second.variant(svg(160), 160, 'webp')).toEqual(rendered);
    expect(restarted.calls).toEqual([]);
    expect(filesIn(dir)).toHaveLength(1);
    // a changed drawing (another colour) is another file, never the old one
    await second.variant(svg(160, 'Jet Black'), 160, 'webp');
    expect(restarted.calls).toEqual([160]);
    expect(filesIn(dir)).toHaveLength(2);
  }, 30_000);

  it('concurrent requests for one variant render it once; renders never exceed the concurrency', async () => {
    const encoder = countingEncoder();
    const cache = new ImageVariantCache({ dir: tempDir(), encode: encoder.encode, concurrency: 2 });
    encoder.hold();
    const same = Array.from({ length: 10 }, () => cache.variant(svg(480), 480, 'avif'));
    const others = [160, 320, 640, 800].map((w) => cache.variant(svg(w), w, 'avif'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(encoder.calls.length).toBe(2);
    encoder.release();
    const results = await Promise.all(same);
    await Promise.all(others);
    expect(new Set(results.map(String))).toEqual(new Set(['bytes of 480']));
    expect(encoder.calls.filter((w) => w === 480)).toHaveLength(1);
    expect(encoder.calls).toHaveLength(5);
    expect(encoder.most()).toBe(2);
    expect(cache.stats.joined).toBe(9);
  });

  it('uploads and variants share one encoder: it never enlarges a small picture', async () => {
    const small = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect((await sharp(await encodeImage(small, 800, 'webp')).metadata()).width).toBe(200);
  });
});
