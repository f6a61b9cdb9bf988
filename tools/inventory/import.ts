// Checks and imports a stock feed, printing what was rejected and why.
// Usage: npx tsx tools/inventory/import.ts <feed.csv|feed.json> [--format csv|json] [--out data/imported.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { formatImportReport, importInventory } from '../../runtime/inventory/import';
import { parseFlags } from './args';

const args = process.argv.slice(2);
const file = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1]?.startsWith('--') && !args[i - 1]?.includes('=')));
const flags = parseFlags(args);
if (!file) {
  console.error('usage: tools/inventory/import.ts <feed.csv|feed.json> [--format csv|json] [--out file.json]');
  process.exit(1);
}
const format = (flags.get('format') ?? (extname(file).toLowerCase() === '.csv' ? 'csv' : 'json')) as 'csv' | 'json';
if (format !== 'csv' && format !== 'json') {
  console.error('--format must be csv or json');
  process.exit(1);
}
const report = importInventory(readFileSync(file, 'utf8'), format);
console.log(formatImportReport(report).join('\n'));
const out = flags.get('out');
if (out) writeFileSync(out, JSON.stringify(report.cars));
process.exitCode = report.rejected.length ? 2 : 0;
