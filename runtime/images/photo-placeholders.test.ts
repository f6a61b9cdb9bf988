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

  it('gives every gallery photo its own placeholder, and puts in only those made before when a large stock must be served at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'placeholders-'));
    const colours: Record<string, string> = { 'front.jpg': '#b02a2a', 'side.jpg': '#2a60b0' };
    const original = vi.fn(async (address: string) => photo(colours[address.split('/').pop()!]!));
    const placeholders = new PhotoPlaceholders({ dir, original });
    const car = () => ({
      primary_image_url: 'https://photos.example.com/front.jpg',
      image_placeholder: null as string | null,
      images: [
        { image: { url: 'https://photos.example.com/front.jpg', placeholder: 'data:image/webp;base64,AAAA' } },
        { image: { url: 'https://photos.example.com/side.jpg' } },
        { image: { url: '/media/cars/7/3.svg' } },
      ] as { image: { url: string; placeholder?: string } }[],
    });
    // Served at once: nothing made yet, no photo fetched, and the feed's own value is dropped.
    const [served] = await placeholders.addTo([car()], { make: false });
    expect(original).not.toHaveBeenCalled();
    expect(served!.image_placeholder).toBeNull();
    expect(served!.images.map((i) => i.image.placeholder)).toEqual([undefined, undefined, undefined]);
    expect(placeholders.fill(served!)).toBeNull();
    // Made in the background, then filled into the served car: each photo its own colour, the drawn picture none.
    await placeholders.make([served!]);
    expect(original).toHaveBeenCalledTimes(2);
    const filled = placeholders.fill(served!)!;
    const [front, side, drawn] = filled.images.map((i) => i.image.placeholder);
    expect(front).toMatch(PLACEHOLDER_PATTERN);
    expect(side).toMatch(PLACEHOLDER_PATTERN);
    expect(side).not.toBe(front);
    expect(drawn).toBeUndefined();
    expect(filled.image_placeholder).toBe(front);
    const { channels } = await sharp(decode(side!)).stats();
    expect(channels[2]!.mean).toBeGreaterThan(channels[0]!.mean); // blue, as the side photo
    expect(placeholders.fill(filled)).toBeNull();
    // A restart serves them at once from the disk, still without fetching.
    const restarted = new PhotoPlaceholders({ dir, original });
    const [again] = await restarted.addTo([car()], { make: false });
    expect(again!.images.map((i) => i.image.placeholder)).toEqual([front, side, undefined]);
    expect(original).toHaveBeenCalledTimes(2);
  });
});
