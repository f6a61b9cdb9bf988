// Where a start keeps the demo stock it generated, so the next start with the same stock reads it instead of
// generating and indexing-from-scratch 200,000 cars again. The name is a hash of all that decides the cars: seed, size,
// the dealerships of every tenant, the day (listing dates are relative to it) and the server's code.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { dealershipsOf } from '../inventory/demo-inventory';

/** The cache file for this demo stock, or undefined when INVENTORY_CACHE=off. Older files in the folder are removed. */
export function demoStockCacheFile(tenants: Pick<TenantDocument, 'dealerships'>[], total: number, seed: number, now = Date.now()): string | undefined {
  if (process.env.INVENTORY_CACHE === 'off') return undefined;
  const dir = process.env.INVENTORY_CACHE_DIR ?? join(process.cwd(), 'node_modules/.cache/demo-stock');
  const code = serverCode();
  const key = createHash('sha1')
    .update(JSON.stringify({ total, seed, day: new Date(now).toISOString().slice(0, 10), dealerships: dealershipsOf(tenants) }))
    .update(code)
    .digest('hex')
    .slice(0, 16);
  const name = `stock-${total}-${key}.sqlite`;
  // Files of other days or code of the same size are stale; other sizes stay (the bench starts several).
  // A .tmp file is a start still writing (its pid ends the name) or one that died doing it.
  if (existsSync(dir))
    for (const f of readdirSync(dir)) if (f.startsWith(`stock-${total}-`) && f !== name && !writing(f)) rmSync(join(dir, f), { force: true });
  return join(dir, name);
}

/** The built server bundle; run from source (tsx), the size and time of every runtime file, since the entry file
 *  alone does not change with the code that makes the cars. */
export function serverCode(): string | Buffer {
  const entry = process.argv[1];
  if (!entry || !existsSync(entry)) return '';
  if (!entry.endsWith('.ts')) return readFileSync(entry);
  const runtime = join(dirname(entry), '..');
  return readdirSync(runtime, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((f) => {
      const stat = statSync(join(runtime, f));
      return `${f} ${stat.size} ${stat.mtimeMs}`;
    })
    .join('\n');
}

/** A file of a start still writing its stock: its .tmp file, or a file SQLite keeps beside it (-journal, -wal, -shm). */
export function writing(file: string): boolean {
  const pid = Number(/\.(\d+)\.tmp(?:-journal|-wal|-shm)?$/.exec(file)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
