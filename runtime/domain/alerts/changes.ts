// Stock changes as the feed import records them (a car added, changed or removed), folded per car over a period: a
// burst of changes to a car is one net change from its first state to its last, so a shopper hears of it once.
import { priceDrop } from '../accounts/watchlist';

/** What an alert needs of a car: its price and whether it can still be bought. */
export interface StockSnapshot {
  price: number | null;
  /** 'available' (in stock or coming soon), 'reserved' (held for another buyer), or 'sold'. */
  state: 'available' | 'reserved' | 'sold';
  /** What a mail names the car by, kept so a car gone from stock can still be named. */
  car?: { title: string; slug: string; make?: string; model?: string | null; photo?: string | null };
}

export interface StockChange {
  /** Order of the changes (the log's sequence number). */
  seq: number;
  carId: number;
  /** null: the car was added. */
  before: StockSnapshot | null;
  /** null: the car was removed from stock (sold). */
  after: StockSnapshot | null;
}

export interface NetChange {
  carId: number;
  before: StockSnapshot | null;
  after: StockSnapshot | null;
}

/** One net change per car, in order of each car's first change. A car added and removed in the period is no change. */
export function foldStockChanges(changes: readonly StockChange[]): NetChange[] {
  const byCar = new Map<number, NetChange>();
  for (const c of [...changes].sort((a, b) => a.seq - b.seq)) {
    const net = byCar.get(c.carId);
    if (net) net.after = c.after;
    else byCar.set(c.carId, { carId: c.carId, before: c.before, after: c.after });
  }
  return [...byCar.values()].filter((n) => n.before !== null || n.after !== null);
}

/** Cars a saved search may newly match: added, or changed while still on sale (a changed price or details can bring
 *  a car into a search). */
export const candidateCarIds = (net: readonly NetChange[]): number[] => net.filter((n) => n.after && n.after.state !== 'sold').map((n) => n.carId);

/** The cars to announce for a saved search: matching now, never announced before, in the order given. */
export function newMatches(matching: readonly number[], announced: ReadonlySet<number>): number[] {
  const seen = new Set<number>();
  return matching.filter((id) => !announced.has(id) && !seen.has(id) && (seen.add(id), true));
}

/** At most `max` cars in a mail; the rest are counted for the "see all" line. */
export function capCars<T>(cars: readonly T[], max: number): { shown: T[]; more: number } {
  const n = Math.max(1, Math.floor(max));
  return { shown: cars.slice(0, n), more: Math.max(0, cars.length - n) };
}

export type WatchEvent =
  | { kind: 'price-drop'; carId: number; oldPrice: number; newPrice: number }
  | { kind: 'reserved'; carId: number }
  | { kind: 'sold'; carId: number };

/** What a shopper's watchlist heard in a period: one event per watched car (sold beats reserved beats a price drop). */
export function watchEvents(watched: readonly number[], net: readonly NetChange[]): WatchEvent[] {
  const byCar = new Map(net.map((n) => [n.carId, n]));
  const events: WatchEvent[] = [];
  for (const carId of new Set(watched)) {
    const n = byCar.get(carId);
    if (!n?.before) continue;
    const { before, after } = n;
    if (!after || (after.state === 'sold' && before.state !== 'sold')) events.push({ kind: 'sold', carId });
    else if (after.state === 'reserved' && before.state !== 'reserved') events.push({ kind: 'reserved', carId });
    else if (after.state === 'available' && priceDrop(before.price, after.price) !== null)
      events.push({ kind: 'price-drop', carId, oldPrice: before.price!, newPrice: after.price! });
  }
  return events;
}
