// Rendered pages kept in memory, by site, address (path and query) and data version, so a page many shoppers open is
// rendered once rather than per request.
// - A publish gives the site a new document object (TenantRegistry), and a change to the stock (a reservation marking a
//   car reserved, CarCatalogue.version) a new data version: an entry of another document or version is never served.
// - Entries also expire after `ttlMs` (blocks read the clock: promotions start and end, counters move) and the least
//   recently used go first beyond `maxEntries` / `maxBytes` (query strings make the set of addresses unbounded).
// - The CSP nonce must differ per response: pages render with an unguessable placeholder and each answer gets its own
//   nonce substituted (pageBody). A page holding a nonce is never given to shared caches nor answered with 304.
import { randomBytes } from 'node:crypto';
import xxhash from 'xxhash-wasm';

// The entity tag is a 64-bit xxHash of the body and its length: a validator, not a secret, so a fast non-cryptographic
// hash does (a vehicle page's 190 KB: 25 us against SHA-256's 105 us, 3% of a cache miss's CPU).
const { h64Raw } = await xxhash();

/** Stands in for the response's CSP nonce in cached HTML; random per process so no page content can contain it. */
export const NONCE_PLACEHOLDER = `nonce-placeholder-${randomBytes(18).toString('base64url')}`;

export interface CachedPage {
  /** The HTML of a page holding a nonce, with NONCE_PLACEHOLDER wherever the nonce goes. */
  html?: string;
  /** The body as bytes when it holds no nonce (sent as is). */
  bytes?: Buffer;
  /** Strong validator of the body; only for pages without a nonce (their bytes are the same for everyone). */
  etag?: string;
  status: number;
  headers: Record<string, string>;
}

interface Entry extends CachedPage {
  site: object;
  version: number;
  storedAt: number;
  size: number;
}

export interface PageCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

/** A copy of `bytes` in a buffer of exactly their size (never a slab shared with other buffers). */
function copyOfOwnSize(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/**
 * What a rendered page becomes once: its bytes and validator worked out for every later answer. `body`: bytes from the
 * renderer's one-pass render (never a nonce in them), or HTML that may hold NONCE_PLACEHOLDER.
 */
export function preparePage(body: string | Buffer, status: number, headers: Record<string, string>): CachedPage {
  if (typeof body === 'string' && body.includes(NONCE_PLACEHOLDER)) return { html: body, status, headers };
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return { bytes, etag: `"${h64Raw(bytes).toString(36)}-${bytes.length.toString(36)}"`, status, headers };
}

/** The body of one answer: the page's bytes, or its HTML with this response's nonce. */
export function pageBody(page: CachedPage, nonce: string | undefined): Buffer | string {
  return page.bytes ?? (page.html ?? '').split(NONCE_PLACEHOLDER).join(nonce ?? '');
}

/** Whether an If-None-Match header names the entity tag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

export class PageCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor({ ttlMs = 60_000, maxEntries = 1000, maxBytes = 64 * 1024 * 1024, now = Date.now }: PageCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.now = now;
  }

  get size() {
    return this.entries.size;
  }

  /** The page stored for this site document, address and data version, if still fresh. */
  get(site: object, slug: string, address: string, version: number): CachedPage | undefined {
    const key = `${slug}\n${address}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.site !== site || entry.version !== version || this.now() - entry.storedAt >= this.ttlMs) {
      this.delete(key, entry);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(site: object, slug: string, address: string, version: number, page: CachedPage): void {
    const key = `${slug}\n${address}`;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    const size = (page.bytes?.length ?? (page.html ?? '').length * 2) + key.length * 2;
    if (size > this.maxBytes) return;
    // The renderer's bytes may be the front of a larger buffer (utf8Bytes sizes it for the worst case): kept, they are
    // copied to their size, so the cache holds what it counts. Not by Buffer.from: from Node 24 it copies one under
    // 32 KB into a shared 64 KB pool slab.
    const bytes = page.bytes && page.bytes.buffer.byteLength > page.bytes.length * 1.25 ? copyOfOwnSize(page.bytes) : page.bytes;
    this.entries.set(key, { ...page, ...(bytes ? { bytes } : {}), site, version, storedAt: this.now(), size });
    this.bytes += size;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldestKey, oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}
