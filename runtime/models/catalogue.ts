// The models catalogue (docs/requirements/dealer-services.md#data Model, Manufacturer list), derived from the stock catalogue the demo inventory is
// drawn from (runtime/inventory/catalogue) plus the showroom copy and upcoming models in details.ts. One record per
// make and model: the HiLux ute and cab chassis rows become one HiLux with two bodies.
import { modelSearchPath, type Manufacturer, type Model } from '../domain/models';
import { modelDisplayName } from '../domain/make-names';
import { slugify } from '../domain/search/filters';
import { CAR_MODELS } from '../inventory/catalogue/car-models';
import { CARAVAN_MODELS } from '../inventory/catalogue/caravan-models';
import { MOTORCYCLE_MODELS } from '../inventory/catalogue/motorcycle-models';
import type { CarModelSpec } from '../inventory/catalogue/types';
import { caravanDescription, carDescription, motorcycleDescription } from './descriptions';
import { MODEL_DETAILS, NEW_MODEL_SINCE, UPCOMING_MODELS } from './details';
import { collator } from '../domain/format';

const numericOrder = collator('en', { numeric: true });

export type ModelKind = 'car' | 'caravan' | 'motorcycle';

/** A catalogue model with what the server needs to scope and draw it (never sent to browsers as is). */
export interface CatalogueModel {
  kind: ModelKind;
  /** Make and model as the stock spells them (the search index's make and model). */
  make: string;
  stockModel: string;
  /** Paint of the drawn image. */
  colour: string;
  model: Model;
}

const modelImageUrl = (slug: string): string => `/media/models/${slug}.svg`;
export const makeLogoUrl = (slug: string): string => `/media/makes/${slug}.svg`;

/** A number from a text that stays the same across restarts and catalogue edits (FNV-1a, 6 digits). */
function stableId(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return 100000 + (hash % 900000);
}

const MAKE_COLOURS: Record<string, string> = {
  Mazda: 'Soul Red Crystal',
  Toyota: 'Glacier White',
  Ford: 'Deep Blue',
  Hyundai: 'Silver Sky',
  Kia: 'Graphite Grey',
  Isuzu: 'White',
  Mitsubishi: 'Red',
  Nissan: 'Black',
  Subaru: 'Saturn Blue',
  Volkswagen: 'Machine Grey',
  Suzuki: 'Yellow',
  Tesla: 'White',
  BYD: 'Blue',
};
const PAINTS = ['Silver', 'Blue', 'Graphite Grey', 'Red', 'White', 'Bronze', 'Green'] as const;
const paintOf = (make: string, id: number): string => MAKE_COLOURS[make] ?? PAINTS[id % PAINTS.length] ?? PAINTS[0];

interface Draft {
  kind: ModelKind;
  make: string;
  stockModel: string;
  name: string;
  bodies: string[];
  manufacturerBodies: string[];
  listPrice: number | null;
  since: number | null;
  description: string;
  status?: Model['status'];
}

function record(draft: Draft): CatalogueModel {
  const details = MODEL_DETAILS[`${draft.make}|${draft.stockModel}`] ?? {};
  const slug = slugify(`${draft.make} ${draft.stockModel}`);
  const nameSlug = slugify(`${draft.name}`);
  const id = stableId(`${draft.kind}:${slug}`);
  const status = details.status ?? draft.status ?? (draft.since !== null && draft.since >= NEW_MODEL_SINCE ? 'new' : null);
  return {
    kind: draft.kind,
    make: draft.make,
    stockModel: draft.stockModel,
    colour: paintOf(draft.make, id),
    model: {
      id,
      name: draft.name,
      slug,
      // 'Mazda3' has its own short address (/mazda3); others keep the make-and-model slug.
      new_slug: nameSlug !== slugify(draft.stockModel) && !slug.endsWith(nameSlug) ? nameSlug : null,
      override_url: details.overrideUrl ?? null,
      manufacturer_name: draft.make,
      manufacturer_body: draft.manufacturerBodies[0] ?? null,
      manufacturer_body2: draft.manufacturerBodies[1] ?? null,
      manufacturer_body3: draft.manufacturerBodies[2] ?? null,
      body: draft.bodies,
      image: { url: modelImageUrl(slug) },
      from_price: details.noListPrice ? null : draft.listPrice,
      short_description: details.description ?? draft.description,
      status,
      search_path: modelSearchPath(draft.make, draft.stockModel),
    },
  };
}

function carDrafts(): Draft[] {
  const groups = new Map<string, CarModelSpec[]>();
  for (const row of CAR_MODELS) {
    const key = `${row.make}|${row.model}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].flatMap((rows) => {
    const [first] = rows;
    if (!first) return [];
    const { make, model } = first;
    const name = modelDisplayName(make, model);
    return {
      kind: 'car',
      make,
      stockModel: model,
      name,
      bodies: [...new Set(rows.map((r) => r.body))],
      manufacturerBodies: [...new Set(rows.map((r) => r.bodyconfiguration))],
      listPrice: Math.min(...rows.map((r) => r.basePrice)),
      since: Math.min(...rows.map((r) => r.since)),
      description: carDescription(rows, name),
    };
  });
}

function buildCatalogue(): CatalogueModel[] {
  const drafts: Draft[] = [
    ...carDrafts(),
    ...UPCOMING_MODELS.map(
      (u): Draft => ({
        kind: u.kind,
        make: u.make,
        stockModel: u.model,
        name: u.name ?? modelDisplayName(u.make, u.model),
        bodies: [...u.body],
        manufacturerBodies: [u.bodyconfiguration],
        listPrice: null,
        since: null,
        description: u.description,
        status: u.status,
      }),
    ),
    // Caravans are built to order: no list price, so their From price is the site's lowest new one.
    ...CARAVAN_MODELS.map(
      (c): Draft => ({
        kind: 'caravan',
        make: c.make,
        stockModel: c.model,
        name: c.model,
        bodies: ['Caravan'],
        manufacturerBodies: [`${c.axle} Axle`],
        listPrice: null,
        since: c.since,
        description: caravanDescription(c),
      }),
    ),
    ...MOTORCYCLE_MODELS.map(
      (m): Draft => ({
        kind: 'motorcycle',
        make: m.make,
        stockModel: m.model,
        name: m.model,
        bodies: ['Motorcycle'],
        manufacturerBodies: [m.category],
        listPrice: m.basePrice,
        since: m.since,
        description: motorcycleDescription(m),
      }),
    ),
  ];
  // Spaces ignored so 'Mazda 6e' sorts after 'Mazda3'; numbers compare as numbers ('CX-5' before 'CX-30').
  const sortName = (m: CatalogueModel) => m.model.name.replace(/\s+/g, '');
  const byName = (a: CatalogueModel, b: CatalogueModel) => a.make.localeCompare(b.make) || numericOrder.compare(sortName(a), sortName(b));
  return drafts.map(record).sort(byName);
}

let cached: CatalogueModel[] | undefined;

/** Every model the platform knows, sorted by make then name (built once; the data is static). */
export function modelCatalogue(): readonly CatalogueModel[] {
  cached ??= buildCatalogue();
  return cached;
}

export function catalogueModelBySlug(slug: string): CatalogueModel | undefined {
  return modelCatalogue().find((m) => m.model.slug === slug);
}

/** docs/requirements/dealer-services.md#data Manufacturer list: id, name, slug, logo.url; one per make of the given models. */
export function manufacturersOf(models: readonly CatalogueModel[]): Manufacturer[] {
  const names = [...new Set(models.map((m) => m.make))].sort((a, b) => a.localeCompare(b));
  return names.map((name) => {
    const slug = slugify(name);
    return { id: stableId(`make:${slug}`), name, slug, logo: { url: makeLogoUrl(slug) } };
  });
}
