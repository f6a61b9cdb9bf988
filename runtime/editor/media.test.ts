import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LocalFolderImageStorage } from '../trade-in/image-storage';
import { sniffImageType } from '../images/image-type';
import { MAX_UPLOAD_BYTES, MediaLibrary } from './media';

const dir = mkdtempSync(join(tmpdir(), 'media-'));
const library = () => new MediaLibrary(join(dir, `${Math.random()}.sqlite`), new LocalFolderImageStorage(join(dir, 'files')), () => 1_700_000_000_000);
const png = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 20, b: 20, alpha: 0.5 } : { r: 11, g: 61, b: 145 } } })
    .png()
    .toBuffer();

const bytesOf = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('media library', () => {
  it('reads the type from the bytes, not the name', async () => {
    expect(sniffImageType(await png(2, 2))).toBe('png');
    expect(
      sniffImageType(
        await sharp(await png(2, 2))
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(
      sniffImageType(
        await sharp(await png(2, 2))
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeUndefined();
  });

  it('resizes an upload into responsive widths as AVIF, WebP and a JPEG fallback, stored per site', async () => {
    const media = library();
    const item = await media.upload('harbourside-mazda', await png(2000, 800), 'banner.png', 'mia@example.com');
    expect(item).toMatchObject({
      tenant: 'harbourside-mazda',
      name: 'banner.png',
      width: 1600,
      height: 640,
      url: `/uploads/${item.id}/1600.jpg`,
      author: 'mia@example.com',
    });
    expect(item.variants.map((v) => `${v.width}.${v.format}`)).toEqual([
      '480.avif',
      '480.webp',
      '480.jpeg',
      '960.avif',
      '960.webp',
      '960.jpeg',
      '1600.avif',
      '1600.webp',
      '1600.jpeg',
    ]);
    const small = await media.open('harbourside-mazda', item.id, '480.webp');
    expect(small!.type).toBe('image/webp');
    expect((await sharp(await bytesOf(small!.stream)).metadata()).width).toBe(480);
    expect((await sharp(await bytesOf((await media.open('harbourside-mazda', item.id, '960.avif'))!.stream)).metadata()).format).toBe('heif');
    // Another site never gets it, nor a name outside the variants.
    expect(await media.open('big-sky-cars', item.id, '480.webp')).toBeNull();
    expect(await media.open('harbourside-mazda', item.id, '../../x')).toBeNull();
    expect(await media.list('big-sky-cars')).toEqual([]);
    expect((await media.list('harbourside-mazda')).map((m) => m.id)).toEqual([item.id]);
  });

  it('keeps a small image at its own width and transparency (PNG fallback)', async () => {
    const item = await library().upload('s', await png(300, 100, true), 'logo.png', 'a@example.com');
    expect(item.variants.map((v) => `${v.width}.${v.format}`)).toEqual(['300.avif', '300.webp', '300.png']);
    expect(item.url).toMatch(/\/300\.png$/);
  });

  it('refuses what is not an image, a damaged image and one over the size limit, with reasons', async () => {
    const media = library();
    await expect(media.upload('s', Buffer.from('<svg/>'), 'x.png', 'a')).rejects.toMatchObject({
      status: 415,
      message: 'This file is not a JPEG, PNG, WebP, GIF or AVIF image.',
    });
    await expect(media.upload('s', Buffer.concat([(await png(10, 10)).subarray(0, 20)]), 'x.png', 'a')).rejects.toMatchObject({ status: 422 });
    await expect(media.upload('s', Buffer.alloc(MAX_UPLOAD_BYTES + 1), 'x.png', 'a')).rejects.toMatchObject({ status: 413 });
    await expect(media.upload('s', Buffer.alloc(0), 'x.png', 'a')).rejects.toMatchObject({ status: 400 });
  });

  it('an image the document uses is kept; an unused one is deleted with its files', async () => {
    const media = library();
    const item = await media.upload('s', await png(100, 100), 'x.png', 'a');
    const doc = JSON.stringify({ pages: { '/': { blocks: [{ props: { image: item.url } }] } } });
    await expect(media.remove('s', item.id, doc)).rejects.toMatchObject({
      status: 409,
      message: 'This image is used on the site. Remove it from the pages and settings that use it first.',
    });
    await media.remove('s', item.id, '{}');
    expect(await media.list('s')).toEqual([]);
    expect(readdirSync(join(dir, 'files', 's', item.id))).toEqual([]);
  });
});
