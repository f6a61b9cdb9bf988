// Raster images for the listing PDF (pdfkit embeds PNG and JPEG only): the car's drawn photo and the site's logo,
// rendered from SVG with sharp. Only our own files are read: the server never fetches an address from a feed here.
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import sharp from 'sharp';
import type { Car } from '../../schemas/generated/car';
import { carImageForPath } from '../inventory/car-image-path';
import { parseMediaPath } from '../inventory/media-paths';

const PHOTO_WIDTH = 1200;
const LOGO_HEIGHT = 176;

/** The car's main photo as PNG, when it is one of the drawn media images; null otherwise. */
export async function carPhotoPng(car: Car): Promise<Buffer | null> {
  const url = car.primary_image_url;
  if (!url || !parseMediaPath(url)) return null;
  const svg = carImageForPath(car, url.split('?')[0]);
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
  const file = resolve(join(root, decodeURIComponent(url.split('?')[0])));
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
