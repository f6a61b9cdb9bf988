// One sharp encoding for every raster image the sites serve: editor uploads (runtime/editor/media.ts) and the variants
// of drawn car and model images (variant-cache.ts), so both look and weigh the same. AVIF at effort 1: a first request
// renders while the shopper waits; effort 3 took 4.7x the time for 18% fewer bytes (an 800 px car photo, loaded machine).
import sharp from 'sharp';

export type EncodedFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** Largest picture sharp may decode (50 megapixels): a hostile file cannot take the server's memory. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** `input` resized to `width` (never enlarged), turned upright, in `format`. */
export function encodeImage(input: Buffer, width: number, format: EncodedFormat): Promise<Buffer> {
  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
  if (format === 'avif') return pipeline.avif({ quality: 50, effort: 1 }).toBuffer();
  if (format === 'webp') return pipeline.webp({ quality: 75 }).toBuffer();
  if (format === 'png') return pipeline.png().toBuffer();
  return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}
