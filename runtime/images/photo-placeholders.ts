// Blurred placeholders of a stock feed's photos: a card or gallery slide paints a blurred, colour-true preview of its
// photo at once, instead of a blank box while the photo loads. Made on the server with sharp from the original the feed
// photo cache keeps (fetched once), shrunk to 16 px wide to keep only the broad colours, then drawn at 64 px with a
// blur so the browser's upscaling shows no blocks; a WebP of about 150 bytes, inlined in the page as a data URI (no
// request, no script). Each is kept on disk beside the originals, so a restart does not make it again.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { isFeedPhoto } from '../domain/images/variants';
import { ConcurrencyLimit } from './concurrency-limit';

const SAMPLE_WIDTH = 16;
const DRAWN_WIDTH = 64;
const BLUR_SIGMA = 3;
const QUALITY = 40;
/** Photos read and shrunk at once: a large feed's originals are never all in memory together. */
const AT_ONCE = 8;
const MAX_REMEMBERED = 20_000;
/** What the car schema accepts in image_placeholder: nothing but a base64 WebP, so it is safe inside CSS url(). */
export const PLACEHOLDER_PATTERN = /^data:image\/webp;base64,[A-Za-z0-9+/=]+$/;

/** The blurred placeholder of a photo's bytes, as a data URI. */
export async function blurredPlaceholder(bytes: Buffer): Promise<string> {
  const sample = await sharp(bytes, { failOn: 'none' }).rotate().resize(SAMPLE_WIDTH).toBuffer();
  const drawn = await sharp(sample).resize(DRAWN_WIDTH).blur(BLUR_SIGMA).webp({ quality: QUALITY }).toBuffer();
  return `data:image/webp;base64,${drawn.toString('base64')}`;
}

export interface PhotoPlaceholdersOptions {
  /** Folder of the placeholders (IMAGE_CACHE_DIR/feed-photos/placeholders). */
  dir: string;
  /** The photo's original bytes (FeedPhotoCache.original): throws when it cannot be had. */
  original: (address: string) => Promise<Buffer>;
}

export class PhotoPlaceholders {
  private readonly memory = new Map<string, string>();
  private readonly limit = new ConcurrencyLimit(AT_ONCE);

  constructor(private readonly options: PhotoPlaceholdersOptions) {}

  /** The placeholder of a feed photo, or undefined when its photo cannot be fetched or read (the page shows none). */
  async of(address: string): Promise<string | undefined> {
    const known = this.memory.get(address);
    if (known) return known;
    const key = createHash('sha256').update(address).digest('hex').slice(0, 40);
    const file = join(this.options.dir, key.slice(0, 2), `${key}.txt`);
    let uri: string | undefined;
    try {
      const stored = (await readFile(file, 'utf8')).trim();
      if (PLACEHOLDER_PATTERN.test(stored)) uri = stored;
    } catch {
      // not made yet
    }
    if (!uri) {
      try {
        uri = await blurredPlaceholder(await this.options.original(address));
      } catch {
        return undefined; // the photo cache has logged why; the page keeps the photo without a placeholder
      }
      await mkdir(join(this.options.dir, key.slice(0, 2)), { recursive: true });
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, uri);
      await rename(temporary, file);
    }
    // Bounded, as a feed's photos change over time: past the limit the memory starts again (the disk keeps them).
    if (this.memory.size >= MAX_REMEMBERED) this.memory.clear();
    this.memory.set(address, uri);
    return uri;
  }

  /**
   * Gives each car whose main photo is a feed's its placeholder (`image_placeholder`), at import: every page that
   * shows the car then has it from the first request. A value the feed itself sent is never kept.
   */
  async addTo<C extends { primary_image_url?: string | null; image_placeholder?: string | null }>(cars: C[]): Promise<C[]> {
    await Promise.all(
      cars.map(async (car) => {
        car.image_placeholder = null;
        const photo = car.primary_image_url;
        if (photo && isFeedPhoto(photo)) car.image_placeholder = (await this.limit.run(() => this.of(photo))) ?? null;
      }),
    );
    return cars;
  }
}
