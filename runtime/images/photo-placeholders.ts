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

/** The photo fields of a car the placeholders go into: the main photo's, and each gallery photo's own. */
export interface PlaceholderCar {
  primary_image_url?: string | null;
  image_placeholder?: string | null;
  images?: { image?: { url?: string; placeholder?: string } | null; isVideo?: boolean }[] | null;
}

const feedPhotosOf = (car: PlaceholderCar): string[] => {
  const photos = [car.primary_image_url, ...(car.images ?? []).map((i) => i.image?.url)];
  return [...new Set(photos.filter((p): p is string => Boolean(p && isFeedPhoto(p))))];
};

export class PhotoPlaceholders {
  private readonly memory = new Map<string, string>();
  private readonly limit = new ConcurrencyLimit(AT_ONCE);

  constructor(private readonly options: PhotoPlaceholdersOptions) {}

  private fileOf(address: string): { folder: string; file: string } {
    const key = createHash('sha256').update(address).digest('hex').slice(0, 40);
    const folder = join(this.options.dir, key.slice(0, 2));
    return { folder, file: join(folder, `${key}.txt`) };
  }

  private remember(address: string, uri: string): string {
    // Bounded, as a feed's photos change over time: past the limit the memory starts again (the disk keeps them).
    if (this.memory.size >= MAX_REMEMBERED) this.memory.clear();
    this.memory.set(address, uri);
    return uri;
  }

  /** The placeholder made before (in memory or on disk), without fetching the photo. */
  async made(address: string): Promise<string | undefined> {
    const known = this.memory.get(address);
    if (known) return known;
    try {
      const stored = (await readFile(this.fileOf(address).file, 'utf8')).trim();
      if (PLACEHOLDER_PATTERN.test(stored)) return this.remember(address, stored);
    } catch {
      // not made yet
    }
    return undefined;
  }

  /** The placeholder of a feed photo, or undefined when its photo cannot be fetched or read (the page shows none). */
  async of(address: string): Promise<string | undefined> {
    const made = await this.made(address);
    if (made) return made;
    let uri: string;
    try {
      uri = await blurredPlaceholder(await this.options.original(address));
    } catch {
      return undefined; // the photo cache has logged why; the page keeps the photo without a placeholder
    }
    const { folder, file } = this.fileOf(address);
    await mkdir(folder, { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, uri);
    await rename(temporary, file);
    return this.remember(address, uri);
  }

  /**
   * Gives each car's feed photos (the main one as `image_placeholder`, every gallery photo as its `placeholder`) the
   * placeholders made before; values the feed itself sent are never kept. With `make`, the missing ones are made first
   * (each photo fetched once); without, no photo is fetched, so a large new stock can be served at once.
   */
  async addTo<C extends PlaceholderCar>(cars: C[], { make = true }: { make?: boolean } = {}): Promise<C[]> {
    await Promise.all(cars.flatMap((car) => feedPhotosOf(car).map((photo) => this.limit.run(() => (make ? this.of(photo) : this.made(photo))))));
    for (const car of cars) {
      car.image_placeholder = null;
      for (const entry of car.images ?? []) if (entry.image) delete entry.image.placeholder;
      Object.assign(car, this.fill(car) ?? {});
    }
    return cars;
  }

  /** Makes the missing placeholders of these cars' photos (a photo that cannot be had stays without). */
  async make(cars: PlaceholderCar[]): Promise<void> {
    await Promise.all(cars.flatMap((car) => feedPhotosOf(car).map((photo) => this.limit.run(() => this.of(photo)))));
  }

  /** The car with the placeholders known now put in, or null when it has them all already (nothing to write). */
  fill<C extends PlaceholderCar>(car: C): C | null {
    const main = car.primary_image_url && isFeedPhoto(car.primary_image_url) ? this.memory.get(car.primary_image_url) : undefined;
    let changed = Boolean(main && main !== car.image_placeholder);
    const images = car.images?.map((entry) => {
      const url = entry.image?.url;
      const placeholder = url && isFeedPhoto(url) ? this.memory.get(url) : undefined;
      if (!entry.image || !placeholder || placeholder === entry.image.placeholder) return entry;
      changed = true;
      return { ...entry, image: { ...entry.image, placeholder } };
    });
    if (!changed) return null;
    return { ...car, ...(main ? { image_placeholder: main } : {}), ...(images ? { images } : {}) };
  }
}
