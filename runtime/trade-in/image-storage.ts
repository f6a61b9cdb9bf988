// Where trade-in photos' bytes are kept: a small interface so S3-compatible storage can replace the local folder
// (DESIGN.md, production topology). The local folder (TRADE_IN_UPLOADS_DIR, default data/trade-in-uploads) is outside
// the web root: photos are only ever read through the signed, site-checked route of eval-expert-api.ts.
import { createReadStream, createWriteStream, mkdirSync, promises as fs } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export interface ImageStorage {
  /** Writes the stream under `key`; durable (flushed to disk) when it resolves. A failed stream leaves nothing. */
  put(key: string, source: Readable): Promise<{ size: number }>;
  /** The stored bytes, or null when there are none. */
  open(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9-]+)*$/;

export class LocalFolderImageStorage implements ImageStorage {
  readonly dir: string;
  constructor(dir: string) {
    this.dir = resolve(dir);
    mkdirSync(this.dir, { recursive: true });
  }

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    const p = resolve(this.dir, key);
    if (!p.startsWith(this.dir + sep)) throw new Error('storage key outside the folder');
    return p;
  }

  async put(key: string, source: Readable) {
    const final = this.path(key);
    const part = `${final}.part`;
    mkdirSync(dirname(final), { recursive: true });
    let size = 0;
    source.on('data', (c: Buffer) => (size += c.length));
    const out = createWriteStream(part, { flags: 'wx' });
    try {
      await pipeline(source, out);
      const handle = await fs.open(part, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(part, final);
      const dirHandle = await fs.open(dirname(final), 'r');
      await dirHandle.sync().catch(() => {});
      await dirHandle.close();
      return { size };
    } catch (e) {
      // The file opens asynchronously: wait until the stream has closed, or the .part would appear after its removal.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await fs.rm(part, { force: true });
      throw e;
    }
  }

  async open(key: string) {
    const p = this.path(key);
    try {
      await fs.access(p);
    } catch {
      return null;
    }
    return createReadStream(p);
  }

  async remove(key: string) {
    await fs.rm(this.path(key), { force: true });
  }
}

export const storageKeyFor = (tenant: string, evalId: string, imageId: string) => join(tenant, evalId, imageId).split(sep).join('/');
