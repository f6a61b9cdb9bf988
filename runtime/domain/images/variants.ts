// Addresses of responsive image variants, shared by the server (which renders and serves them) and the image component
// (which lists them in srcset). Pure: no sharp here, so it ships to browsers.
//
// Drawn images (a car's photos, a model's picture) are SVG at /media/cars/{id}/{n}.svg and /media/models/{slug}.svg; their
// raster variants live beside them at `{path without .svg}-{width}w.{version}.{avif|webp|jpg}`. The version is the
// drawing's version (DRAWING_VERSION): it changes when the drawing code does, so a variant's address never changes
// its bytes and may be cached for a year. Only VARIANT_WIDTHS are rendered, so nobody can fill the disk with sizes.
//
// A stock feed's photos are addresses on the dealer's or feed's own host (https://…). When the image component knows the
// car (`carId`), its AVIF/WebP variants are served by the car's site at /media/cars/{id}/photos/{key}-{width}w.{ext},
// where `key` is photoKey(address): the address names a car and one of its own photos, never an address to fetch, so
// the server only ever fetches photos of cars the site shows (runtime/images/feed-photos.ts). The <img> keeps the
// original address, and a variant the server could not make redirects to it: a shopper always sees the photo.
//
// Editor uploads (/uploads/{id}/{width}.{ext}) already have their variants, made at upload (runtime/editor/media.ts):
// the widths below the stored one in UPLOAD_WIDTHS plus the stored one, each as AVIF, WebP and the stored format.

export type VariantFormat = 'avif' | 'webp' | 'jpeg';

/** The only widths a drawn image is rendered at. */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 800, 1200, 1600] as const;
/** Bump when the car or model drawings change, so browsers fetch the new pictures. */
export const DRAWING_VERSION = 'd2';
/** Widths an editor upload is resized to (the largest at most; smaller originals keep their own width). */
export const UPLOAD_WIDTHS = [480, 960, 1600] as const;

export const VARIANT_EXTENSION: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
export const VARIANT_CONTENT_TYPE: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
const FORMAT_OF_EXTENSION: Record<string, VariantFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg' };

const DRAWN_SOURCE = /^(\/media\/(?:cars\/\d{1,15}\/\d{1,4}|models\/[a-z0-9-]{1,80}))\.svg(?:\?w=\d+)?$/;
const DRAWN_VARIANT = /^(\/media\/(?:cars\/\d{1,15}\/\d{1,4}|models\/[a-z0-9-]{1,80}))-(\d{1,5})w\.([a-z0-9]{1,12})\.([a-z]{1,5})$/;
const UPLOAD = /^(\/uploads\/[a-f0-9]{18}\/)(\d{1,5})\.(jpg|png)$/;
const FEED_PHOTO = /^https?:\/\/[^/?#\s]+\/\S*$/i;
const FEED_PHOTO_VARIANT = /^\/media\/cars\/(\d{1,15})\/photos\/([a-f0-9]{16})-(\d{1,5})w\.([a-z]{1,5})$/;

/** True for a photo a feed gives as an absolute http(s) address (not one of ours). */
export const isFeedPhoto = (src: string) => FEED_PHOTO.test(src);

/** A short, stable key of a feed photo's address (64 bits of a non-cryptographic hash, hex): the same in browsers and the server. */
export function photoKey(address: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < address.length; i++) {
    const c = address.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

// The image service's parameters beyond width and format: quality, aspect ratio and where to crop to it. Each has a
// short fixed list, like the widths: every combination is a file on disk, so nobody may ask for arbitrary ones.
/** The defaults of the image service: quality 75 and width 640. */
export const IMAGE_DEFAULTS = { width: 640, quality: 75, format: 'jpeg' } as const;
const IMAGE_QUALITIES = [40, 50, 60, 75, 90] as const;
const CROP_POSITIONS = ['center', 'top', 'bottom', 'entropy'] as const;
const ASPECT_RATIOS = ['1x1', '4x3', '3x2', '16x9'] as const;
type AspectRatio = (typeof ASPECT_RATIOS)[number];
type CropPosition = (typeof CROP_POSITIONS)[number];

/** How a variant is encoded besides its width and format. */
export interface EncodeOptions {
  quality: number;
  /** Cropped to this width:height (at `crop`); left out, the picture keeps its own shape. */
  aspectRatio?: AspectRatio;
  crop: CropPosition;
}

export interface ImageOptions extends Partial<EncodeOptions> {
  width?: number;
  format?: VariantFormat;
}

/** A feed photo's variant address at the service's defaults (what pages list in their srcset), on the site of car `carId`. */
export const feedPhotoVariantUrl = (carId: number, address: string, width: number, format: VariantFormat) =>
  `/media/cars/${carId}/photos/${photoKey(address)}-${width}w.${VARIANT_EXTENSION[format]}`;

/**
 * The address of a car's photo from the image service (width, quality, format, aspect ratio and crop; quality 75 and
 * width 640 unless asked otherwise): a stock feed's photo and a drawn photo alike. An image the service does not make
 * variants of keeps its own address. The query names only what differs from the defaults, so a variant has one address.
 */
export function carPhotoUrl(carId: number, src: string, options: ImageOptions = {}): string {
  const { width = IMAGE_DEFAULTS.width, format = IMAGE_DEFAULTS.format, quality = IMAGE_DEFAULTS.quality, aspectRatio, crop = 'center' } = options;
  const drawn = DRAWN_SOURCE.exec(src);
  const path = isFeedPhoto(src) ? feedPhotoVariantUrl(carId, src, width, format) : drawn?.[1] ? drawnVariantUrl(drawn[1], width, format) : null;
  if (!path) return src;
  const query = new URLSearchParams();
  if (quality !== IMAGE_DEFAULTS.quality) query.set('q', String(quality));
  if (aspectRatio) query.set('ar', aspectRatio);
  if (aspectRatio && crop !== 'center') query.set('crop', crop);
  return query.size ? `${path}?${query}` : path;
}

type Query = Record<string, unknown>;

/** The service's parameters from a variant address's query, or a 400 with a reason; unknown parameters are ignored. */
export function encodeOptionsOf(query: Query): { ok: true; options: EncodeOptions } | Refusal {
  const one = (name: string) => {
    const value = query[name];
    return value === undefined || typeof value === 'string' ? value : null;
  };
  const [q, ar, crop] = [one('q'), one('ar'), one('crop')];
  if (q === null || ar === null || crop === null) return { ok: false, status: 400, message: 'each of q, ar and crop may be given once' };
  const quality = q === undefined ? IMAGE_DEFAULTS.quality : Number(q);
  if (!(IMAGE_QUALITIES as readonly number[]).includes(quality) || (q !== undefined && !/^\d+$/.test(q)))
    return { ok: false, status: 400, message: `quality (q) must be one of ${IMAGE_QUALITIES.join(', ')}` };
  if (ar !== undefined && !(ASPECT_RATIOS as readonly string[]).includes(ar))
    return { ok: false, status: 400, message: `aspect ratio (ar) must be one of ${ASPECT_RATIOS.join(', ')}` };
  if (crop !== undefined && !(CROP_POSITIONS as readonly string[]).includes(crop))
    return { ok: false, status: 400, message: `crop must be one of ${CROP_POSITIONS.join(', ')}` };
  if (crop !== undefined && ar === undefined) return { ok: false, status: 400, message: 'crop needs an aspect ratio (ar) to crop to' };
  return { ok: true, options: { quality, aspectRatio: ar as AspectRatio | undefined, crop: (crop ?? 'center') as CropPosition } };
}

/**
 * A spin frame's address as the viewer shows and preloads it: a feed's frame becomes one fixed 800w WebP variant (the
 * viewer is at most 800 CSS px wide; a spin has dozens of frames, all preloaded, so one small file each rather than a
 * srcset the preload could not match); the server redirects to the feed's own address when it cannot make it.
 */
const SPIN_FRAME_WIDTH = 800;
export const spinFrameUrl = (carId: number, frame: string) => (isFeedPhoto(frame) ? feedPhotoVariantUrl(carId, frame, SPIN_FRAME_WIDTH, 'webp') : frame);

export type FeedPhotoVariantRequest = { ok: true; carId: number; key: string; width: number; format: VariantFormat; options: EncodeOptions } | Refusal;

type Refusal = { ok: false; status: 400 | 404; message: string };

/** A variant address's width and format, or a 400 with a reason: only VARIANT_WIDTHS, only AVIF, WebP and JPEG. */
function widthAndFormat(widthText: string, extension: string): { ok: true; width: number; format: VariantFormat } | Refusal {
  const width = Number(widthText);
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) return { ok: false, status: 400, message: `width must be one of ${VARIANT_WIDTHS.join(', ')}` };
  const format = FORMAT_OF_EXTENSION[extension];
  if (!format) return { ok: false, status: 400, message: 'format must be avif, webp or jpg' };
  return { ok: true, width, format };
}

/** Reads a feed photo variant address (path and query) back into its car, photo key, width, format and encoding. */
export function parseFeedPhotoVariantPath(path: string, query: Query = {}): FeedPhotoVariantRequest {
  const match = FEED_PHOTO_VARIANT.exec(path);
  if (!match) return { ok: false, status: 404, message: 'No such image' };
  const [, carId, key = '', widthText = '', extension = ''] = match;
  const size = widthAndFormat(widthText, extension);
  if (!size.ok) return size;
  const encoding = encodeOptionsOf(query);
  if (!encoding.ok) return encoding;
  const { width, format } = size;
  return { ok: true, carId: Number(carId), key, width, format, options: encoding.options };
}

/** A drawn image's raster variant address. */
const drawnVariantUrl = (base: string, width: number, format: VariantFormat) => `${base}-${width}w.${DRAWING_VERSION}.${VARIANT_EXTENSION[format]}`;

export type VariantRequest = { ok: true; source: string; width: number; format: VariantFormat; options: EncodeOptions } | Refusal;

/** Reads a variant address back into its source SVG, width, format and encoding; a bad parameter is a 400 with a reason. */
export function parseVariantPath(path: string, query: Query = {}): VariantRequest {
  const match = DRAWN_VARIANT.exec(path);
  if (!match) return { ok: false, status: 404, message: 'No such image' };
  const [, base = '', widthText = '', version, extension = ''] = match;
  const size = widthAndFormat(widthText, extension);
  if (!size.ok) return size;
  const { width, format } = size;
  // An older drawing's address: its bytes are gone, and a year-long cache must never get the new ones under it.
  if (version !== DRAWING_VERSION) return { ok: false, status: 404, message: 'No such image' };
  const encoding = encodeOptionsOf(query);
  if (!encoding.ok) return encoding;
  return { ok: true, source: `${base}.svg`, width, format, options: encoding.options };
}

export interface ImageSources {
  /** The <img> fallback address and its srcset (JPEG/PNG for raster sources; the source itself otherwise). */
  src: string;
  srcSet?: string;
  /** <source> elements of a <picture>, best format first; empty when the image has no variants (SVG logos, other sites' images). */
  sources: { type: string; srcSet: string }[];
}

/** Widths worth offering for an image shown `displayWidth` CSS pixels wide: up to twice that (high-density screens). */
function candidateWidths(available: readonly number[], displayWidth: number): number[] {
  const enough = available.find((w) => w >= displayWidth * 2) ?? available.at(-1)!;
  return available.filter((w) => w <= enough);
}

const srcSetOf = (widths: number[], url: (width: number) => string) => widths.map((w) => `${url(w)} ${w}w`).join(', ');
const fallbackOf = (widths: number[], displayWidth: number) => widths.find((w) => w >= displayWidth) ?? widths.at(-1)!;

// Pages list the same images on every visit (a car's gallery, the cards of a search): each address, width and car is
// worked out once. Bounded, as addresses come from stock feeds: past the limit the memo starts again.
const sourcesMemo = new Map<string, Readonly<ImageSources>>();
const MAX_MEMOISED_SOURCES = 5000;

/**
 * The srcset of an image shown at most `displayWidth` CSS pixels wide; an image we do not make variants of keeps its
 * address. `carId`: the car the image is a photo of, so a feed's photo at an http(s) address gets variants too.
 * The answer is shared between calls: never change it.
 */
export function imageSources(src: string, displayWidth: number, carId?: number): Readonly<ImageSources> {
  const key = `${carId ?? ''} ${displayWidth} ${src}`;
  let sources = sourcesMemo.get(key);
  if (!sources) {
    if (sourcesMemo.size >= MAX_MEMOISED_SOURCES) sourcesMemo.clear();
    sourcesMemo.set(key, (sources = sourcesOf(src, displayWidth, carId)));
  }
  return sources;
}

function sourcesOf(src: string, displayWidth: number, carId?: number): ImageSources {
  if (carId !== undefined && isFeedPhoto(src)) {
    const widths = candidateWidths(VARIANT_WIDTHS, displayWidth);
    // The <img> keeps the feed's own address: the fallback of a browser without AVIF and WebP. The box's CSS
    // aspect-ratio (object-fit: cover) gives every photo of a list one shape, whatever the dealer's camera gave it.
    return {
      src,
      sources: (['avif', 'webp'] as const).map((format) => ({
        type: VARIANT_CONTENT_TYPE[format],
        srcSet: srcSetOf(widths, (width) => feedPhotoVariantUrl(carId, src, width, format)),
      })),
    };
  }
  const drawn = DRAWN_SOURCE.exec(src);
  if (drawn) {
    const widths = candidateWidths(VARIANT_WIDTHS, displayWidth);
    const url = (format: VariantFormat) => (w: number) => drawnVariantUrl(drawn[1] ?? '', w, format);
    return {
      src: url('jpeg')(fallbackOf(widths, displayWidth)),
      srcSet: srcSetOf(widths, url('jpeg')),
      sources: (['avif', 'webp'] as const).map((format) => ({ type: VARIANT_CONTENT_TYPE[format], srcSet: srcSetOf(widths, url(format)) })),
    };
  }
  const upload = UPLOAD.exec(src);
  if (upload) {
    const [, folder, widthText, extension = ''] = upload;
    const stored = Number(widthText);
    const widths = candidateWidths([...UPLOAD_WIDTHS.filter((w) => w < stored), stored], displayWidth);
    const url = (ext: string) => (w: number) => `${folder}${w}.${ext}`;
    return {
      src: url(extension)(fallbackOf(widths, displayWidth)),
      srcSet: srcSetOf(widths, url(extension)),
      sources: (['avif', 'webp'] as const).map((format) => ({ type: VARIANT_CONTENT_TYPE[format], srcSet: srcSetOf(widths, url(VARIANT_EXTENSION[format])) })),
    };
  }
  return { src, sources: [] };
}
