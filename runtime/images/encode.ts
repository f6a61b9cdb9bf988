// One sharp encoding for every raster image the sites serve: editor uploads (runtime/editor/media.ts) and the variants
// of drawn car and model images (variant-cache.ts), so both look and weigh the same. AVIF at effort 1: a first request
// renders while the shopper waits; effort 3 took 4.7x the time for 18% fewer bytes (an 800 px car photo, loaded machine).
import sharp from 'sharp';
import { type EncodeOptions, IMAGE_DEFAULTS } from '../domain/images/variants';

export type EncodedFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** Largest picture sharp may decode (50 megapixels): a hostile file cannot take the server's memory. */
export const MAX_INPUT_PIXELS = 50_000_000;

const DEFAULT_OPTIONS: EncodeOptions = { quality: IMAGE_DEFAULTS.quality, crop: 'center' };

/**
 * `input` resized to `width` (never enlarged), turned upright, in `format` at `options.quality` (the JPEG/WebP scale;
 * AVIF looks the same at two thirds of it), cropped to `options.aspectRatio` when given.
 */
export async function encodeImage(input: Buffer, width: number, format: EncodedFormat, options: EncodeOptions = DEFAULT_OPTIONS): Promise<Buffer> {
  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  if (options.aspectRatio) {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // Orientations 5 to 8 are quarter turns: the upright picture's width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    const [sourceWidth, sourceHeight] = turned ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
    const [rw, rh] = options.aspectRatio.split('x').map(Number);
    if (!rw || !rh) throw new Error(`aspect ratio ${options.aspectRatio} is not a width and height like 4x3`);
    // The largest box of that shape no bigger than asked nor than the picture: cropped, never enlarged.
    let w = Math.min(width, sourceWidth);
    let h = Math.round((w * rh) / rw);
    if (h > sourceHeight) [h, w] = [sourceHeight, Math.round((sourceHeight * rw) / rh)];
    const position = options.crop === 'entropy' ? sharp.strategy.entropy : options.crop === 'center' ? 'centre' : options.crop;
    pipeline.resize({ width: Math.max(1, w), height: Math.max(1, h), fit: 'cover', position });
  } else {
    pipeline.resize({ width, withoutEnlargement: true });
  }
  const quality = options.quality;
  if (format === 'avif') return pipeline.avif({ quality: Math.round((quality * 2) / 3), effort: 1 }).toBuffer();
  if (format === 'webp') return pipeline.webp({ quality }).toBuffer();
  if (format === 'png') return pipeline.png().toBuffer();
  return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer();
}
