// The originals of a stock feed's car photos (https addresses on the dealer's or the feed's host), fetched so their
// AVIF/WebP variants can be rendered like the drawn photos' (variant-cache.ts). Only ever asked for an address found in
// a car the requesting site shows (runtime/server/routes/media.ts), fetched with the SSRF-safe public fetch the feeds
// use (runtime/net/public-fetch.ts; FEED_PHOTO_ALLOW_HOSTS lets tests use loopback), refused unless its bytes are a
// JPEG, PNG, WebP or AVIF image within the size limit, and kept on disk under the hash of its address, so each photo is
// fetched once (a feed gives a changed photo a new address). A failed fetch is logged and not tried again for
// `retryAfterMs`: the page keeps showing the feed's own address meanwhile.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { allowListFromEnv } from '../net/crm-target';
import { fetchPublic } from '../net/public-fetch';
import { ConcurrencyLimit } from './concurrency-limit';
import { sniffImageType } from './image-type';

const FEED_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
const FEED_PHOTO_TIMEOUT_MS = 15_000;
const RETRY_AFTER_MS = 10 * 60_000;
/** Failed addresses remembered at most (oldest forgotten first), so a feed of broken links cannot grow memory. */
const MAX_FAILURES_REMEMBERED = 10_000;
const ACCEPTED_TYPES = new Set(['jpeg', 'png', 'webp', 'avif']);

class FeedPhotoError extends Error {
  override name = 'FeedPhotoError';
}

export interface FeedPhotoCacheOptions {
  /** Folder of the originals (IMAGE_CACHE_DIR/feed-photos). */
  dir: string;
  /** Fetches an address's bytes (default: the public fetch with FEED_PHOTO_ALLOW_HOSTS, size- and time-limited). */
  fetch?: (address: string) => Promise<Buffer>;
  maxBytes?: number;
  retryAfterMs?: number;
  /** Fetches at once (a search page asks for a few dozen photos together). */
  concurrency?: number;
  log?: (message: string) => void;
  now?: () => number;
}

export class FeedPhotoCache {
  readonly stats = { fetched: 0, failed: 0, diskHits: 0 };
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly failedAt = new Map<string, { at: number; reason: string }>();
  private readonly fetch: (address: string) => Promise<Buffer>;
  private readonly maxBytes: number;
  private readonly limit: ConcurrencyLimit;

  constructor(private readonly options: FeedPhotoCacheOptions) {
    this.maxBytes = options.maxBytes ?? FEED_PHOTO_MAX_BYTES;
    this.limit = new ConcurrencyLimit(Math.max(1, options.concurrency ?? 4));
    this.fetch =
      options.fetch ??
      ((address) =>
        fetchPublic(address, {
          what: 'photo',
          allow: allowListFromEnv(process.env.FEED_PHOTO_ALLOW_HOSTS),
          maxBytes: this.maxBytes,
          timeoutMs: FEED_PHOTO_TIMEOUT_MS,
          accept: 'image/avif, image/webp, image/jpeg, image/png',
        }));
  }

  /** Why the address is not being fetched now (it failed within retryAfterMs), or undefined. */
  recentFailure(address: string): string | undefined {
    const failure = this.failedAt.get(address);
    if (!failure) return undefined;
    if (failure.at + (this.options.retryAfterMs ?? RETRY_AFTER_MS) > this.now()) return failure.reason;
    this.failedAt.delete(address);
    return undefined;
  }

  /** The photo's original bytes: from disk, from a fetch under way, or fetched now. Throws FeedPhotoError with the reason. */
  original(address: string): Promise<Buffer> {
    const pending = this.inFlight.get(address);
    if (pending) return pending;
    const work = this.load(address).finally(() => this.inFlight.delete(address));
    this.inFlight.set(address, work);
    return work;
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }

  private fileOf(address: string) {
    const key = createHash('sha256').update(address).digest('hex').slice(0, 40);
    return { folder: join(this.options.dir, key.slice(0, 2)), file: join(this.options.dir, key.slice(0, 2), `${key}.img`) };
  }

  private async load(address: string): Promise<Buffer> {
    const { folder, file } = this.fileOf(address);
    try {
      const cached = await readFile(file);
      this.stats.diskHits++;
      return cached;
    } catch {
      // not fetched yet
    }
    const failure = this.recentFailure(address);
    if (failure) throw new FeedPhotoError(failure);
    let bytes: Buffer;
    try {
      bytes = await this.limit.run(() => this.fetch(address));
      if (bytes.length > this.maxBytes) throw new FeedPhotoError(`the photo is larger than ${this.maxBytes / 1024 / 1024} MB`);
      const type = sniffImageType(bytes);
      if (!type || !ACCEPTED_TYPES.has(type)) throw new FeedPhotoError('the photo is not a JPEG, PNG, WebP or AVIF image');
    } catch (e) {
      const reason = (e as Error).message;
      this.stats.failed++;
      this.failedAt.delete(address);
      this.failedAt.set(address, { at: this.now(), reason });
      if (this.failedAt.size > MAX_FAILURES_REMEMBERED) this.failedAt.delete(this.failedAt.keys().next().value!);
      this.options.log?.(
        `feed photo ${address} not fetched: ${reason} (the feed's address is shown; tried again in ${Math.round((this.options.retryAfterMs ?? RETRY_AFTER_MS) / 60_000)} min)`,
      );
      throw e instanceof FeedPhotoError ? e : new FeedPhotoError(reason);
    }
    this.stats.fetched++;
    // Written whole under a temporary name, then renamed: a reader never sees half a file.
    await mkdir(folder, { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
    return bytes;
  }
}
