import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { blurredPlaceholder, PhotoPlaceholders, PLACEHOLDER_PATTERN } from './photo-placeholders';

const photo = (background: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .jpeg()
    .toBuffer();
const decode = (uri: string) => Buffer.from(uri.slice('data:image/webp;base64,'.length), 'base64');

describe('blurred placeholders of feed photos', () => {
  it('is a tiny WebP data URI of the photo, 64 px wide in its own shape and colour', async () => {
    const uri = await blurredPlaceholder(await photo('#b02a2a'));
    expect(uri).toMatch(PLACEHOLDER_PATTERN);
    expect(uri.length).toBeLessThan(600);
    const image = sharp(decode(uri));
    const { format, width = 0, height = 0 } = await image.metadata();
    expect({ format, width }).toEqual({ format: 'webp', width: 64 });
    expect(height / width).toBeCloseTo(800 / 1200, 1);
    const { channels } = await image.stats();
    expect(channels[0]!.mean).toBeGreaterThan(140); // red, as the photo
    expect(channels[2]!.mean).toBeLessThan(90);
  });

  it('is made once per photo: kept on disk, so a restart reads it instead of fetching the photo again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'placeholders-'));
    const bytes = await photo('#2a60b0');
    const original = vi.fn(async () => bytes);
    const first = await new PhotoPlaceholders({ dir, original }).of('https://photos.example.com/a.jpg');
    const again = vi.fn(async () => bytes);
    const restarted = await new PhotoPlaceholders({ dir, original: again }).of('https://photos.example.com/a.jpg');
    expect(restarted).toBe(first);
    expect(original).toHaveBeenCalledTimes(1);
    expect(again).not.toHaveBeenCalled();
  });

  it('gives a feed-photo car its placeholder at import, drops a value the feed sent, and leaves drawn photos and failures without', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'placeholders-'));
    const bytes = await photo('#30a030');
    const placeholders = new PhotoPlaceholders({
      dir,
      original: async (address) => {
        if (address.includes('missing')) throw new Error('404');
        return bytes;
      },
    });
    const forged = 'data:image/webp;base64,AAAA';
    const cars = await placeholders.addTo([
      { primary_image_url: 'https://photos.example.com/car.jpg', image_placeholder: forged },
      { primary_image_url: '/media/cars/7/1.svg', image_placeholder: forged },
      { primary_image_url: 'https://photos.example.com/missing.jpg' },
    ]);
    expect(cars[0]!.image_placeholder).toMatch(PLACEHOLDER_PATTERN);
    expect(cars[0]!.image_placeholder).not.toBe(forged);
    expect(cars[1]!.image_placeholder).toBeNull();
    expect(cars[2]!.image_placeholder).toBeNull();
  });
});
