// The media library of each site: images staff upload (logos, banners, promotion and popup images). The type is
// read from the bytes (never the name or the browser's word), the size is limited, and each upload is resized with
// sharp into responsive widths as AVIF and WebP plus a JPEG (PNG when it has transparency) fallback. The bytes go
// through the same ImageStorage interface as trade-in photos (a local folder by default, S3 with S3_BUCKET); an index
// row (SQLite in the editor's folder, PostgreSQL with DATABASE_URL: media-index.ts) says which site owns which image,
// so an image answers only on its own site. Written before acknowledged: the files are stored and the row committed
// before the upload's 201.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { UPLOAD_WIDTHS } from '../domain/images/variants';
import { encodeImage, MAX_INPUT_PIXELS } from '../images/encode';
import { sniffImageType } from '../images/image-type';
import type { ImageStorage } from '../trade-in/image-storage';
import { type MediaIndex, SqlMediaIndex } from './media-index';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The widths an upload is resized to; the image component builds its srcset from the same list. */
const MEDIA_WIDTHS = UPLOAD_WIDTHS;
type MediaFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export interface MediaItem {
  id: string;
  tenant: string;
  name: string;
  width: number;
  height: number;
  /** The fallback image at the largest width: the address the document stores. */
  url: string;
  variants: { width: number; format: MediaFormat; url: string }[];
  size: number;
  createdAt: number;
  author: string;
}

export class MediaError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const EXT: Record<MediaFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };
const FORMAT_OF_EXT: Record<string, MediaFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg', png: 'png' };
const CONTENT_TYPE: Record<MediaFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };
const mediaUrl = (id: string, width: number, format: MediaFormat) => `/uploads/${id}/${width}.${EXT[format]}`;
const storageKey = (tenant: string, id: string, width: number, format: MediaFormat) => `${tenant}/${id}/w${width}-${format}`;

export class MediaLibrary {
  private readonly index: MediaIndex;

  /** `index`: the SQLite file of the index, or an opened index (PostgreSQL: openMediaIndex). */
  constructor(
    index: string | MediaIndex,
    private readonly storage: ImageStorage,
    private readonly now: () => number = Date.now,
  ) {
    this.index = typeof index === 'string' ? SqlMediaIndex.openSqlite(index) : index;
  }

  async upload(tenant: string, bytes: Buffer, name: string, author: string): Promise<MediaItem> {
    if (bytes.length === 0) throw new MediaError('The file is empty.', 400);
    if (bytes.length > MAX_UPLOAD_BYTES)
      throw new MediaError(`The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Save it smaller and upload it again.`, 413);
    const type = sniffImageType(bytes);
    if (!type) throw new MediaError('This file is not a JPEG, PNG, WebP, GIF or AVIF image.', 415);
    let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
    try {
      meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch {
      throw new MediaError('The image could not be read; it may be damaged.', 422);
    }
    if (!meta.width || !meta.height) throw new MediaError('The image could not be read; it may be damaged.', 422);
    const fallback: MediaFormat = meta.hasAlpha ? 'png' : 'jpeg';
    const widths = [...new Set([...MEDIA_WIDTHS.filter((w) => w < meta.width!), Math.min(meta.width, MEDIA_WIDTHS.at(-1)!)])].sort((a, b) => a - b);
    const id = randomBytes(9).toString('hex');
    const variants: MediaItem['variants'] = [];
    const keys: string[] = [];
    try {
      for (const width of widths) {
        for (const format of ['avif', 'webp', fallback] as MediaFormat[]) {
          const out = await encodeImage(bytes, width, format);
          const key = storageKey(tenant, id, width, format);
          await this.storage.put(key, Readable.from(out));
          keys.push(key);
          variants.push({ width, format, url: mediaUrl(id, width, format) });
        }
      }
    } catch (e) {
      await Promise.all(keys.map((k) => this.storage.remove(k).catch(() => {})));
      throw e;
    }
    const largest = widths.at(-1)!;
    const item: MediaItem = {
      id,
      tenant,
      name: name.slice(0, 200) || 'image',
      width: largest,
      height: Math.round((meta.height * largest) / meta.width),
      url: mediaUrl(id, largest, fallback),
      variants,
      size: bytes.length,
      createdAt: this.now(),
      author,
    };
    try {
      await this.index.insert(item);
    } catch (e) {
      await Promise.all(keys.map((k) => this.storage.remove(k).catch(() => {})));
      throw e;
    }
    return item;
  }

  list(tenant: string): Promise<MediaItem[]> {
    return this.index.list(tenant);
  }

  get(tenant: string, id: string): Promise<MediaItem | undefined> {
    return this.index.get(tenant, id);
  }

  /** The bytes of one variant, only for the site that owns the image. */
  async open(tenant: string, id: string, file: string): Promise<{ stream: Readable; type: string } | null> {
    const m = /^(\d{1,5})\.(avif|webp|jpg|png)$/.exec(file);
    if (!m || !/^[a-f0-9]{18}$/.test(id)) return null;
    const item = await this.get(tenant, id);
    const format = FORMAT_OF_EXT[m[2] ?? ''];
    if (!item || !format || !item.variants.some((v) => v.width === Number(m[1]) && v.format === format)) return null;
    const stream = await this.storage.open(storageKey(tenant, id, Number(m[1]), format));
    return stream ? { stream, type: CONTENT_TYPE[format] } : null;
  }

  /** Deletes an image the document does not use; refused (409) while it does. */
  async remove(tenant: string, id: string, documentJson: string): Promise<void> {
    const item = await this.get(tenant, id);
    if (!item) throw new MediaError('There is no such image in this site’s library.', 404);
    if (isReferenced(item, documentJson)) throw new MediaError('This image is used on the site. Remove it from the pages and settings that use it first.', 409);
    await this.index.delete(tenant, id);
    await Promise.all(item.variants.map((v) => this.storage.remove(storageKey(tenant, id, v.width, v.format))));
  }

  close(): Promise<void> {
    return this.index.close();
  }
}

export const isReferenced = (item: Pick<MediaItem, 'id'>, documentJson: string) => documentJson.includes(`/uploads/${item.id}/`);
