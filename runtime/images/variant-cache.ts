// Raster variants of drawn images, rendered by sharp on first request and kept on disk (IMAGE_CACHE_DIR). A file is
// named by the hash of its source's bytes, width and format, so a changed drawing never reads an old file, and a
// restart serves what is on disk without rendering again. Nothing is rendered at start. At most `concurrency` renders
// run at once; requests for a variant being rendered wait for that render instead of starting another.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type EncodeOptions, IMAGE_DEFAULTS, VARIANT_EXTENSION, type VariantFormat } from '../domain/images/variants';
import { ConcurrencyLimit } from './concurrency-limit';
import { encodeImage } from './encode';

/** Bump when encodeImage's settings change, so old files are not served as the new encoding. */
const ENCODING_VERSION = 2;

const DEFAULT_ENCODING: EncodeOptions = { quality: IMAGE_DEFAULTS.quality, crop: 'center' };
const encodingKey = (o: EncodeOptions) => `q${o.quality}|${o.aspectRatio ?? ''}|${o.aspectRatio ? o.crop : ''}`;

export interface VariantCacheOptions {
  dir: string;
  /** Renders at once (sharp uses threads of its own inside each). */
  concurrency?: number;
  /** The encoder (tests count its calls). */
  encode?: (source: Buffer, width: number, format: VariantFormat, options: EncodeOptions) => Promise<Buffer>;
}

export interface VariantStats {
  rendered: number;
  diskHits: number;
  joined: number;
}

export class ImageVariantCache {
  readonly stats: VariantStats = { rendered: 0, diskHits: 0, joined: 0 };
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly limit: ConcurrencyLimit;
  private readonly encode: NonNullable<VariantCacheOptions['encode']>;

  constructor(private readonly options: VariantCacheOptions) {
    this.limit = new ConcurrencyLimit(Math.max(1, options.concurrency ?? 2));
    this.encode = options.encode ?? encodeImage;
  }

  /** The variant's bytes: from disk, from a render already under way, or rendered now and written to disk. */
  async variant(source: string | Buffer, width: number, format: VariantFormat, options: EncodeOptions = DEFAULT_ENCODING): Promise<Buffer> {
    const bytes = typeof source === 'string' ? Buffer.from(source) : source;
    const key = createHash('sha256')
      .update(`${ENCODING_VERSION}|${width}|${format}|${encodingKey(options)}|`)
      .update(bytes)
      .digest('hex')
      .slice(0, 40);
    return this.shared(key, () => this.load(key, async () => bytes, width, format, options));
  }

  /**
   * A variant of a source named by `sourceId` (a feed photo's address), whose bytes never change under that name:
   * from disk without loading the source, else `loadSource()` rendered now. Throws what loadSource throws.
   */
  async variantOf(
    sourceId: string,
    loadSource: () => Promise<Buffer>,
    width: number,
    format: VariantFormat,
    options: EncodeOptions = DEFAULT_ENCODING,
  ): Promise<Buffer> {
    const key = createHash('sha256')
      .update(`${ENCODING_VERSION}|${width}|${format}|${encodingKey(options)}|id|${sourceId}`)
      .digest('hex')
      .slice(0, 40);
    return this.shared(key, () => this.load(key, loadSource, width, format, options));
  }

  private shared(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const pending = this.inFlight.get(key);
    if (pending) {
      this.stats.joined++;
      return pending;
    }
    const work = make().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private fileOf(key: string, format: VariantFormat): string {
    return join(this.options.dir, key.slice(0, 2), `${key}.${VARIANT_EXTENSION[format]}`);
  }

  private async load(key: string, loadSource: () => Promise<Buffer>, width: number, format: VariantFormat, options: EncodeOptions): Promise<Buffer> {
    const file = this.fileOf(key, format);
    try {
      const cached = await readFile(file);
      this.stats.diskHits++;
      return cached;
    } catch {
      // not on disk yet
    }
    const source = await loadSource();
    const output = await this.limit.run(() => this.encode(source, width, format, options));
    this.stats.rendered++;
    // Written whole under a temporary name, then renamed: a reader never sees half a file.
    await mkdir(join(this.options.dir, key.slice(0, 2)), { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, output);
    await rename(temporary, file);
    return output;
  }
}
