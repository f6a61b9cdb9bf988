// Stock scale bench: npm run bench:inventory [-- --sizes 5000,50000,200000] [--seconds 5]
//
// For each stock size, starts the production server with that many generated demo cars (INVENTORY_SIZE) twice, with
// an empty demo stock cache (seeding: generates the cars and stores them, as loading a feed would) and again (a normal
// start: the stock is already in its database), and prints both start times (spawn to listening); then, of the second server, resident memory once started (and per car, and per car added over the smaller
// size), and the search API's p50/p99 latency at one connection for a typical search (filters, facets, sort, first
// page) as the search page sends it (the card's attributes only: CARD_ATTRIBUTES), and, printed for reference, the same
// search asking for whole cars (5 KB each). MEILISEARCH_HOST, when set, reaches the server, so the same bench measures
// Meilisearch.
// Targets at 200k cars: start (from the stored stock) <= 15 s, <= 4 KB of memory per car, search p50 <= 5 ms; a first
// start (no stored stock, no tenant cache) <= 30 s from spawn to /readyz 200, printed with the server's own figure for
// the stock ("Inventory: N vehicles indexed in N ms"), which is the part of it the stock takes.
// Exit 1 when over.
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CARD_ATTRIBUTES } from '../../runtime/domain/search/search-queries';
import { ensureBuild, root, startServer } from './server';
import { optionValue } from './option';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  return optionValue(args, name, fallback);
};
const SIZES = opt('sizes', '5000,50000,200000').split(',').map(Number);
const SECONDS = Number(opt('seconds', '5'));
const PORT = Number(opt('port', '4106'));
// --dist: another build to measure (a before/after comparison).
const DIST = opt('dist', join(root, 'dist'));
const TARGET = { startMs: 15_000, bytesPerCar: 4096, p50: 5, firstStartMs: 30_000 };
const log = (m: string) => console.log(`[bench:inventory] ${m}`);

/** Waits for /readyz 200 (the server listens before its checks all pass): what an operator waits for. */
async function untilReady(port: number): Promise<void> {
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

ensureBuild(args.includes('--build'), log);
const typicalSearch = {
  q: '',
  filter: [['car_type = "used"', 'car_type = "demo"']],
  facets: ['make', 'simple_body', 'simple_fuel', 'price_range'],
  sort: ['price:asc'],
  hitsPerPage: 21,
  page: 1,
};
const search = JSON.stringify({ queries: [{ ...typicalSearch, attributesToRetrieve: CARD_ATTRIBUTES }] });
const wholeCarsSearch = JSON.stringify({ queries: [typicalSearch] });
const rows: string[] = [];
let over = false;
let previous: { cars: number; rss: number } | undefined;
for (const cars of SIZES) {
  log(`starting with ${cars} cars`);
  const cache = mkdtempSync(join(tmpdir(), 'bench-stock-cache-'));
  // A first start on a new host: no stored stock and no tenant cache (the demo sites' documents are validated too).
  const env = { INVENTORY_SIZE: String(cars), INVENTORY_CACHE_DIR: cache, TENANT_CACHE_DIR: join(cache, 'tenant-docs') };
  const spawned = performance.now();
  const cold = await startServer(PORT, env, DIST);
  await untilReady(PORT);
  const firstStart = { readyMs: performance.now() - spawned, stockMs: Number(/Inventory: \d+ vehicles indexed in (\d+) ms/.exec(cold.output())?.[1]) };
  await cold.stop();
  log(
    `first start: /readyz 200 ${(firstStart.readyMs / 1000).toFixed(1)} s after spawn, of which the stock ${(firstStart.stockMs / 1000).toFixed(1)} s (the server's own figure); starting again from the stored stock`,
  );
  const server = await startServer(PORT, env, DIST);
  try {
    // Memory once the search columns the first searches did not need are built too (a build before this line was
    // printed built them all before listening: at most 30 s), and start-up garbage collected.
    for (let waited = 0; waited < 30_000 && !server.output().includes('Search columns ready'); waited += 100) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 2000));
    const rss = rssBytes(server.child.pid!);
    const searchFor = (body: string) =>
      autocannon({
        url: `http://127.0.0.1:${PORT}/api/search`,
        method: 'POST',
        connections: 1,
        duration: SECONDS,
        headers: { host: 'big-sky-cars.localhost', 'content-type': 'application/json', origin: 'http://big-sky-cars.localhost' },
        body,
      });
    const result = await searchFor(search);
    const wholeCars = await searchFor(wholeCarsSearch);
    const perCar = rss / cars;
    const marginal = previous ? (rss - previous.rss) / (cars - previous.cars) : NaN;
    const failed = result.non2xx + result.errors + wholeCars.non2xx + wholeCars.errors;
    if (
      cars >= 200_000 &&
      (server.startMs > TARGET.startMs || firstStart.readyMs > TARGET.firstStartMs || perCar > TARGET.bytesPerCar || result.latency.p50 > TARGET.p50)
    )
      over = true;
    rows.push(
      `${String(cars).padStart(7)} cars  start ${(server.startMs / 1000).toFixed(1).padStart(5)} s (first start ${(firstStart.readyMs / 1000).toFixed(1).padStart(5)} s to /readyz, stock ${(firstStart.stockMs / 1000).toFixed(1)} s of it)  RSS ${mb(rss).padStart(7)}  ${(perCar / 1024).toFixed(1).padStart(5)} KB/car${previous ? `  (${(marginal / 1024).toFixed(1)} KB per car added)` : ''}  search p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ${result.requests.total} searches${failed ? `  (${failed} failed)` : ''}  (whole cars: p50 ${wholeCars.latency.p50} ms, p99 ${wholeCars.latency.p99} ms)`,
    );
    console.log(rows.at(-1));
    previous = { cars, rss };
  } finally {
    await server.stop();
    rmSync(cache, { recursive: true, force: true });
  }
}
console.log(
  `\nbench:inventory (${process.env.MEILISEARCH_HOST ? `Meilisearch at ${process.env.MEILISEARCH_HOST}` : 'in-process search'}; targets at 200k: first start <= 30 s to /readyz, start from the stored stock <= 15 s, <= 4 KB/car, p50 <= 5 ms)\n${rows.join('\n')}`,
);
process.exit(over ? 1 : 0);
