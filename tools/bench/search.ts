// Search benchmark: npx tsx tools/bench/search.ts [sizes...]
// For 10k/50k/100k cars: index build time, heap delta, p50/p95/p99 of three queries on the
// embedded engine and on @orama/orama in the same process, and the latency ratio.
import { existsSync, readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { CAR_INDEX_SETTINGS } from '../../runtime/search/car-index-settings.js';
import { EmbeddedSearchEngine } from '../../runtime/search/embedded/embedded-engine.js';
import type { Document, SearchParams } from '../../runtime/search/types.js';

type Car = Record<string, unknown>;
type Generate = (o: { count: number; seed: number; dealerships: number[]; now: number }) => Car[];

const NOW = 1_767_225_600; // 2026-01-01, fixed so runs compare
const ITERATIONS = 300;
const WARMUP = 100;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Local stand-in used only when runtime/inventory/generate.ts is not there yet.
const MODELS: Record<string, [string, string[], string][]> = {
  Toyota: [
    ['Hilux', ['SR', 'SR5', 'Rogue', 'Workmate'], 'Ute'],
    ['Corolla', ['Ascent Sport', 'SX', 'ZR'], 'Hatch'],
    ['RAV4', ['GX', 'GXL', 'Cruiser'], 'SUV'],
    ['LandCruiser', ['GXL', 'Sahara', 'VX'], 'SUV'],
    ['Camry', ['Ascent', 'SL'], 'Sedan'],
  ],
  Mazda: [
    ['CX-5', ['Maxx', 'Touring', 'Akera'], 'SUV'],
    ['BT-50', ['XT', 'GT'], 'Ute'],
    ['Mazda3', ['G20', 'G25'], 'Hatch'],
  ],
  Ford: [
    ['Ranger', ['XL', 'XLT', 'Wildtrak', 'Raptor'], 'Ute'],
    ['Everest', ['Trend', 'Platinum'], 'SUV'],
    ['Mustang', ['GT'], 'Coupe'],
  ],
  Hyundai: [
    ['i30', ['Active', 'Elite', 'N Line'], 'Hatch'],
    ['Tucson', ['Elite', 'Highlander'], 'SUV'],
  ],
  Kia: [
    ['Sportage', ['S', 'SX', 'GT-Line'], 'SUV'],
    ['Cerato', ['S', 'Sport'], 'Sedan'],
  ],
  Mitsubishi: [
    ['Triton', ['GLX', 'GLS'], 'Ute'],
    ['Outlander', ['ES', 'LS', 'Exceed'], 'SUV'],
  ],
  Suzuki: [
    ['Swift', ['GL', 'GLX', 'Sport'], 'Hatch'],
    ['Vitara', ['Turbo'], 'SUV'],
  ],
  Isuzu: [
    ['D-Max', ['SX', 'LS-U', 'X-Terrain'], 'Ute'],
    ['MU-X', ['LS-M', 'LS-T'], 'SUV'],
  ],
  Nissan: [
    ['Navara', ['SL', 'ST-X', 'PRO-4X'], 'Ute'],
    ['X-Trail', ['ST', 'Ti'], 'SUV'],
  ],
  Volkswagen: [
    ['Amarok', ['Core', 'Style', 'Aventura'], 'Ute'],
    ['Golf', ['Life', 'GTI', 'R'], 'Hatch'],
  ],
};
const COLOURS = ['White', 'Black', 'Silver', 'Grey', 'Blue', 'Red', 'Green', 'Bronze'];
const FUELS = ['Petrol', 'Diesel', 'Hybrid', 'Electric'];
const STATES = ['QLD', 'NSW', 'VIC', 'SA', 'WA', 'TAS', 'NT', 'ACT'];
const CITIES = ['Brisbane', 'Sydney', 'Melbourne', 'Adelaide', 'Perth', 'Hobart', 'Darwin', 'Canberra'];

export function localGenerateInventory({ count, seed, dealerships, now }: Parameters<Generate>[0]): Car[] {
  const rnd = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(rnd() * list.length)];
    if (item === undefined) throw new Error('nothing to pick from an empty list');
    return item;
  };
  const makes = Object.keys(MODELS);
  const cars: Car[] = [];
  for (let id = 1; id <= count; id++) {
    const make = pick(makes);
    const [model, badges, body] = pick(MODELS[make] ?? []);
    const badge = pick(badges);
    const carType = pick(['new', 'used', 'used', 'used', 'demo']);
    const year = carType === 'used' ? 2012 + Math.floor(rnd() * 13) : 2025;
    const km = carType === 'new' ? 10 : carType === 'demo' ? 1000 + Math.floor(rnd() * 9000) : Math.floor(rnd() * 220_000);
    const status = pick(['in_stock', 'in_stock', 'in_stock', 'in_stock', 'coming_soon', 'sold']);
    const stateIndex = Math.floor(rnd() * STATES.length);
    const fuel = pick(FUELS);
    cars.push({
      id,
      slug: `${year}-${make}-${model}-${badge}-${id}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      name: `${year} ${make} ${model} ${badge}`,
      make,
      model,
      badge,
      series: '',
      year,
      km,
      colour: pick(COLOURS),
      simple_body: body,
      body,
      simple_fuel: fuel,
      fuel,
      simple_transmission: pick(['Automatic', 'Manual']),
      simple_drive: pick(['4x4', '2WD', 'AWD']),
      price: 12_000 + Math.round(rnd() * 1_000) * 100,
      subscription_price: 0,
      car_type: carType,
      item_type: 'car',
      status,
      tag: rnd() < 0.05 ? 'Runout Sale' : '',
      reserved: rnd() < 0.03,
      certified: rnd() < 0.2,
      sold_date_timestamp: status === 'sold' ? now - Math.floor(rnd() * 10 * 86_400) : null,
      created_at_timestamp: now - Math.floor(rnd() * 120 * 86_400),
      stocknum: `STK${String(id).padStart(6, '0')}`,
      dealership_id: pick(dealerships),
      dealership_slug: 'dealer',
      location_id: stateIndex + 1,
      location_name: `${CITIES[stateIndex]} Yard`,
      city: CITIES[stateIndex],
      state: STATES[stateIndex],
      show_on_dealer_website: rnd() < 0.97,
      custom_rank: Math.floor(rnd() * 100),
      make_model: `${make}:${model}`,
    });
  }
  return cars;
}

/** The shared generator (runtime/inventory/generate.ts) with its sample dealerships, else the local one. */
async function loadGenerator(): Promise<{ generate: Generate; source: string }> {
  const generatorPath = fileURLToPath(new URL('../../runtime/inventory/generate.ts', import.meta.url));
  const dealershipsPath = fileURLToPath(new URL('../../runtime/inventory/fixtures/dealerships.json', import.meta.url));
  if (existsSync(generatorPath) && existsSync(dealershipsPath)) {
    const mod = (await import(/* @vite-ignore */ generatorPath)) as { generateInventory?: (o: Record<string, unknown>) => Car[] };
    const dealerships: unknown = JSON.parse(readFileSync(dealershipsPath, 'utf8'));
    if (typeof mod.generateInventory === 'function') {
      const shared = mod.generateInventory;
      // The shared generator takes dealership objects and `now` in milliseconds.
      const generate: Generate = ({ count, seed, now }) => shared({ count, seed, dealerships, now: now * 1000 });
      return { generate, source: 'runtime/inventory/generate.ts (fixtures/dealerships.json)' };
    }
  }
  return { generate: localGenerateInventory, source: 'local generator in tools/bench/search.ts' };
}

const FILTER_AND_FACETS: SearchParams = {
  filter: 'make = Toyota AND price 20000 TO 80000 AND car_type IN [used, demo]',
  facets: ['make', 'model', 'body', 'fuel', 'car_type', 'colour', 'state', 'price', 'km', 'year'],
  sort: ['price:asc'],
  page: 1,
  hitsPerPage: 21,
};
const QUERIES: [string, SearchParams][] = [
  ['filter+facets', FILTER_AND_FACETS],
  ['q "hilux sr5"', { ...FILTER_AND_FACETS, q: 'hilux sr5', filter: 'price 20000 TO 80000 AND car_type IN [used, demo]' }],
  ['q "corola"', { ...FILTER_AND_FACETS, q: 'corola', filter: undefined }],
];

function percentiles(samples: number[]): { p50: number; p95: number; p99: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function time(run: () => unknown): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await run();
  const out: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    await run();
    out.push(performance.now() - t);
  }
  return out;
}

// A real heap delta needs a full collection before each reading.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

function heapUsed(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

const ORAMA_SCHEMA = {
  name: 'string',
  make: 'enum',
  model: 'enum',
  badge: 'string',
  stocknum: 'string',
  body: 'enum',
  fuel: 'enum',
  car_type: 'enum',
  colour: 'enum',
  state: 'enum',
  price: 'number',
  km: 'number',
  year: 'number',
} as const;

function oramaParams(label: string): Record<string, unknown> {
  const facets = {
    make: {},
    model: { limit: 250 },
    body: {},
    fuel: {},
    car_type: {},
    colour: {},
    state: {},
  };
  const base = { facets, limit: 21, offset: 0, sortBy: { property: 'price', order: 'ASC' } };
  if (label === 'filter+facets') return { ...base, where: { make: { eq: 'Toyota' }, price: { between: [20000, 80000] }, car_type: { in: ['used', 'demo'] } } };
  if (label.includes('hilux'))
    return {
      ...base,
      term: 'hilux sr5',
      properties: ['name', 'badge', 'stocknum'],
      where: { price: { between: [20000, 80000] }, car_type: { in: ['used', 'demo'] } },
    };
  return { ...base, term: 'corola', tolerance: 1, properties: ['name', 'badge', 'stocknum'] };
}

async function benchSize(count: number, generate: Generate): Promise<void> {
  const cars = generate({ count, seed: 42, dealerships: [1, 2, 3, 4, 5], now: NOW }) as Document[];
  const before = heapUsed();
  const engine = new EmbeddedSearchEngine();
  const t0 = performance.now();
  await engine.createIndex('cars', CAR_INDEX_SETTINGS);
  await engine.addDocuments('cars', cars);
  const buildMs = performance.now() - t0;
  const heapMb = (heapUsed() - before) / 1_048_576;

  // Embedded first, before Orama's index grows the heap, so neither pays for the other's garbage.
  const ours = new Map<string, { total: number; p: ReturnType<typeof percentiles> }>();
  for (const [label, params] of QUERIES) {
    const result = await engine.search('cars', params);
    const total = 'totalHits' in result ? result.totalHits : result.estimatedTotalHits;
    ours.set(label, { total, p: percentiles(await time(() => engine.search('cars', params))) });
  }

  const orama = create({ schema: ORAMA_SCHEMA });
  const o0 = performance.now();
  // Orama's schema refuses null: leave such fields out of its copy.
  await insertMultiple(
    orama,
    cars.map((c) =>
      Object.fromEntries(
        Object.keys(ORAMA_SCHEMA)
          .filter((k) => c[k] != null)
          .map((k) => [k, c[k]]),
      ),
    ) as never[],
  );
  const oramaBuildMs = performance.now() - o0;

  console.log(
    `\n${count.toLocaleString('en-AU')} cars: embedded build ${buildMs.toFixed(0)} ms, heap +${heapMb.toFixed(1)} MB; orama build ${oramaBuildMs.toFixed(0)} ms`,
  );
  console.log('query             hits   p50 ms   p95 ms   p99 ms | orama p50   p99    | orama/embedded p50');
  const f = (n: number) => n.toFixed(3).padStart(8);
  for (const [label] of QUERIES) {
    const theirs = percentiles(await time(() => oramaSearch(orama, oramaParams(label) as never)));
    const { total, p } = ours.get(label)!;
    console.log(
      `${label.padEnd(15)} ${String(total).padStart(6)} ${f(p.p50)} ${f(p.p95)} ${f(p.p99)} | ${f(theirs.p50)} ${f(theirs.p99)} | ${(theirs.p50 / p.p50).toFixed(1)}x`,
    );
  }
}

async function main(): Promise<void> {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const { generate, source } = await loadGenerator();
  console.log(`cars from ${source}; ${ITERATIONS} runs per query after ${WARMUP} warm-up runs`);
  for (const size of sizes.length > 0 ? sizes : [10_000, 50_000, 100_000]) await benchSize(size, generate);
}

// Run only when executed, so the generator can be imported elsewhere.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
