// Raster images for the listing PDF (pdfkit embeds PNG and JPEG only): the car's drawn photo and the site's logo,
// rendered from SVG with sharp. A stock feed's photo is the site's own 1200w JPEG variant of it, from the same cache
// and SSRF-safe fetch as the gallery's (runtime/images/feed-photos.ts): nothing here fetches an address itself.
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import sharp from 'sharp';
import type { Car } from '../../schemas/generated/car';
import { isFeedPhoto } from '../domain/images/variants';
import type { FeedPhotoCache } from '../images/feed-photos';
import type { ImageVariantCache } from '../images/variant-cache';
import { carImageForPath } from '../inventory/car-image-path';
import { parseMediaPath } from '../inventory/media-paths';

const PHOTO_WIDTH = 1200;
const LOGO_HEIGHT = 176;

/** Where a feed's photo comes from: the variant cache and the feed photo originals the media routes use. */
export interface FeedPhotoSource {
  variants: ImageVariantCache;
  feedPhotos: FeedPhotoCache;
}

/**
 * The car's main photo as PNG (a drawn media image) or JPEG (a feed's photo, through `feed`); null when there is none
 * or it cannot be had (the PDF is then made without it).
 */
export async function carPhotoImage(car: Car, feed?: FeedPhotoSource): Promise<Buffer | null> {
  const url = car.primary_image_url;
  if (url && feed && isFeedPhoto(url)) return feed.variants.variantOf(url, () => feed.feedPhotos.original(url), PHOTO_WIDTH, 'jpeg').catch(() => null);
  if (!url || !parseMediaPath(url)) return null;
  const svg = carImageForPath(car, url.split('?')[0] ?? url);
  if (!svg) return null;
  return sharp(Buffer.from(svg))
    .resize({ width: PHOTO_WIDTH })
    .png()
    .toBuffer()
    .catch(() => null);
}

/** A site asset (the logo) from the built client folder as PNG or JPEG; null when it is missing or not an image. */
export async function siteImage(clientDir: string | undefined, url: string | undefined): Promise<Buffer | null> {
  if (!clientDir || !url || !url.startsWith('/') || url.startsWith('//')) return null;
  const root = resolve(clientDir);
  const file = resolve(join(root, decodeURIComponent(url.split('?')[0] ?? '')));
  if (!file.startsWith(root + sep)) return null;
  const kind = extname(file).toLowerCase();
  if (!['.svg', '.png', '.jpg', '.jpeg'].includes(kind)) return null;
  try {
    const bytes = await readFile(file);
    return kind === '.svg' ? await sharp(bytes, { density: 300 }).resize({ height: LOGO_HEIGHT }).png().toBuffer() : bytes;
  } catch {
    return null;
  }
}
