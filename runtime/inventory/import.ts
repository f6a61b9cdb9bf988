import type { Car } from '../../schemas/generated/car';
import { parseCsv } from './csv';
import { rowToRecord } from './coerce-row';
import { DEFAULT_MAKE_ALIASES, normaliseMake } from './make-names';
import { PLACEHOLDER_IMAGE_URL } from './media-paths';
import { slugify } from './identifiers';
import { validateCar } from './validate-car';

// Import of a real stock feed (JSON array or CSV with a header row): validate every row, keep the good
// ones with make names normalised and flat search fields filled, and report the rest in plain words.

export interface ImportRejection {
  /** CSV: spreadsheet row number (header is row 1). JSON: 1-based position in the list. */
  row: number;
  id?: string;
  errors: string[];
}

export interface ImportReport {
  cars: Car[];
  /** The row of each accepted car (same order as cars), for reports about them. */
  rows?: number[];
  rejected: ImportRejection[];
}

export interface ImportOptions {
  makeAliases?: Readonly<Record<string, string>>;
}

interface RawRow {
  row: number;
  record: unknown;
}

function jsonRows(text: string): RawRow[] | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return `the file is not valid JSON (${(error as Error).message})`;
  }
  const list = Array.isArray(data) ? data : Array.isArray((data as { cars?: unknown })?.cars) ? (data as { cars: unknown[] }).cars : null;
  if (!list) return 'the JSON must be a list of cars, or an object with a "cars" list';
  return list.map((record, i) => ({ row: i + 1, record }));
}

function csvRows(text: string): RawRow[] {
  const table = parseCsv(text);
  return table.rows.map(({ line, cells }) => ({ row: line, record: rowToRecord(table.header, cells) }));
}

/** Flat fields the search pages use, derived when a feed leaves them out. */
function fillDerived(car: Car, aliases: Readonly<Record<string, string>>): Car {
  car.make = normaliseMake(car.make, aliases);
  car.path ??= `/cars/${car.slug}`;
  car.name ??= [car.year, car.make, car.model, car.badge].filter(Boolean).join(' ');
  car.title ??= [car.year, car.make, car.model, car.badge, car.series].filter(Boolean).join(' ');
  car.make_model = `${car.make}:${car.model}`;
  car.sold ??= car.status === 'sold';
  if (car.created_at_timestamp === undefined && car.created_at) {
    const ms = Date.parse(car.created_at);
    if (!Number.isNaN(ms)) car.created_at_timestamp = Math.floor(ms / 1000);
  }
  car.primary_image_url ??= car.images?.find((img) => img.image?.url)?.image?.url ?? PLACEHOLDER_IMAGE_URL;
  return car;
}

function idOf(record: unknown): string | undefined {
  const id = (record as { id?: unknown } | null)?.id;
  return id === undefined || id === null || id === '' ? undefined : String(id);
}

export function importInventory(text: string, format: 'json' | 'csv', options: ImportOptions = {}): ImportReport {
  const aliases = options.makeAliases ?? DEFAULT_MAKE_ALIASES;
  const rows = format === 'json' ? jsonRows(text) : csvRows(text);
  if (typeof rows === 'string') return { cars: [], rejected: [{ row: 0, errors: [rows] }] };
  const cars: Car[] = [];
  const accepted: number[] = [];
  const rejected: ImportRejection[] = [];
  const seenIds = new Map<number, number>();
  const seenSlugs = new Map<string, number>();
  for (const { row, record } of rows) {
    const id = idOf(record);
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      rejected.push({ row, errors: ['the row is not an object'] });
      continue;
    }
    const slugRecord = record as { slug?: unknown; make?: unknown; model?: unknown; year?: unknown; id?: unknown };
    // A feed without slugs still gets working vehicle pages.
    if (slugRecord.slug === undefined && slugRecord.make && slugRecord.model && slugRecord.id !== undefined) {
      slugRecord.slug = slugify(`${slugRecord.year ?? ''} ${slugRecord.make} ${slugRecord.model} ${slugRecord.id}`);
    }
    const result = validateCar(record);
    if (!result.ok) {
      rejected.push({ row, id, errors: result.errors });
      continue;
    }
    const car = result.car;
    const duplicateErrors: string[] = [];
    if (seenIds.has(car.id)) duplicateErrors.push(`id ${car.id} is already used on row ${seenIds.get(car.id)}`);
    if (seenSlugs.has(car.slug)) duplicateErrors.push(`slug ${car.slug} is already used on row ${seenSlugs.get(car.slug)}`);
    if (duplicateErrors.length) {
      rejected.push({ row, id, errors: duplicateErrors });
      continue;
    }
    seenIds.set(car.id, row);
    seenSlugs.set(car.slug, row);
    cars.push(fillDerived(car, aliases));
    accepted.push(row);
  }
  return { cars, rows: accepted, rejected };
}

/** The report as lines a person reads: 'row 12: price must be a number'. */
export function formatImportReport(report: ImportReport): string[] {
  const lines = [`${report.cars.length} cars imported, ${report.rejected.length} rows rejected`];
  for (const rejection of report.rejected) {
    const where = rejection.row === 0 ? 'file' : `row ${rejection.row}`;
    for (const error of rejection.errors) lines.push(`${where}: ${error}`);
  }
  return lines;
}
