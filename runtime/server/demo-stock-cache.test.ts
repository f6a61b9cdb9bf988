// Starts share the demo stock cache folder: one start's clean-up of stale files must never touch the files of a start
// still writing its stock, and the store must not leave files there that a clean-up could take mid-transaction.
import { mkdtempSync, readdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { DiskCarStore } from '../inventory/car-store';
import { demoStockCacheFile, writing } from './demo-stock-cache';
import { shippedTenants } from '../../test-support/server';
import { atLeast } from '../../test-support/at-least';

const NO_SUCH_PID = 2 ** 30; // above any pid Linux gives

describe('demo stock cache files', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-stock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    delete process.env.INVENTORY_CACHE_DIR;
  });

  it("counts a live start's temporary file and the journal SQLite keeps beside it as being written, a dead start's not", () => {
    expect(writing(`stock-400-abc.sqlite.1a2b3c4d.${process.pid}.tmp`)).toBe(true);
    expect(writing(`stock-400-abc.sqlite.1a2b3c4d.${process.pid}.tmp-journal`)).toBe(true);
    expect(writing(`stock-400-abc.sqlite.1a2b3c4d.${NO_SUCH_PID}.tmp-journal`)).toBe(false);
    expect(writing('stock-400-abc.sqlite-journal')).toBe(false);
  });

  it('removes stale files of the same size but keeps the files of a start still writing, and other sizes', () => {
    const dir = tempDir();
    process.env.INVENTORY_CACHE_DIR = dir;
    const files = [
      'stock-400-0000000000000000.sqlite',
      `stock-400-1111111111111111.sqlite.1a2b3c4d.${process.pid}.tmp`,
      `stock-400-1111111111111111.sqlite.1a2b3c4d.${process.pid}.tmp-journal`,
      `stock-400-2222222222222222.sqlite.5e6f7a8b.${NO_SUCH_PID}.tmp-journal`,
      'stock-5000-3333333333333333.sqlite',
    ];
    for (const file of files) writeFileSync(join(dir, file), '');
    const cache = demoStockCacheFile(shippedTenants(), 400, 42);
    expect(cache?.startsWith(join(dir, 'stock-400-'))).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([files[1], files[2], files[4]].sort());
  });

  it('a store writing its stock keeps no journal file beside it', async () => {
    const dir = tempDir();
    const seen: string[] = [];
    const watcher = watch(dir, (_event, name) => name && seen.push(name));
    const store = new DiskCarStore(join(dir, `stock-400-x.sqlite.1a2b3c4d.${process.pid}.tmp`));
    const cars = atLeast(2, buildDemoInventory(shippedTenants(), { total: 50 }) as Car[], 'the demo stock');
    for (const car of cars) store.put(car);
    expect(store.byId(cars[0].id)?.id).toBe(cars[0].id); // reading writes the pending cars first, in one transaction
    store.delete(cars[1]);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the watcher's events arrive
    watcher.close();
    store.close();
    expect(seen.length).toBeGreaterThan(0); // the watcher saw the database file written
    expect(seen.filter((name) => /-journal$|-wal$|-shm$/.test(name))).toEqual([]);
  });
});
