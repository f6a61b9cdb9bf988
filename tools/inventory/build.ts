// Builds the sample inventory file.
// Usage: npx tsx tools/inventory/build.ts --count 5000 --seed 1 --dealerships <file.json> --out data/inventory.json [--now 2025-07-01]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInventory, parseDealerships } from '../../runtime/inventory/build-inventory';
import { parseFlags } from './args';

const here = dirname(fileURLToPath(import.meta.url));
const flags = parseFlags(process.argv.slice(2));
const count = Number(flags.get('count') ?? 5000);
const seed = Number(flags.get('seed') ?? 1);
const dealershipsFile = flags.get('dealerships') ?? resolve(here, '../../runtime/inventory/fixtures/dealerships.json');
const out = flags.get('out') ?? 'data/inventory.json';
const now = flags.has('now') ? Date.parse(flags.get('now')!) : Date.now();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!Number.isInteger(count) || count < 0) fail('--count must be a whole number of cars');
if (!Number.isInteger(seed)) fail('--seed must be a whole number');
if (Number.isNaN(now)) fail('--now must be a date such as 2025-07-01');

let data: unknown;
try {
  data = JSON.parse(readFileSync(dealershipsFile, 'utf8'));
} catch (error) {
  fail(`cannot read dealerships from ${dealershipsFile}: ${(error as Error).message}`);
}
const parsed = parseDealerships(data);
if (!parsed.ok) fail(`${dealershipsFile}:\n  ${parsed.errors.join('\n  ')}`);

const built = buildInventory({ count, seed, dealerships: parsed.dealerships, now });
mkdirSync(dirname(resolve(out)), { recursive: true });
writeFileSync(out, built.json);
console.log(`${built.summary}\nwritten to ${out}`);
