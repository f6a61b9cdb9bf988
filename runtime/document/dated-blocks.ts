// Blocks with a start and expiry (promotion banners, popups): whether each one shows now, for the editor's outline and
// preview markers, and example content whose dates run from today rather than the fixed dates of the fixtures.
import { promoTimeMs, type PromoWindow } from '../domain/promotions/promo-window';
import { siteClockLabel } from '../domain/time/site-clock-label';
import { isoToZonedLocal, zonedLocalToIso } from '../domain/time/zoned';
import { type BlockNode, walkBlocks } from './blocks';

export type DatedState = 'scheduled' | 'live' | 'expired';

/** A block's own window: `start`/`expiry` props, or a popup's `expiryDate`; undefined for a block without dates. */
function blockWindow(block: BlockNode): PromoWindow | undefined {
  const p = block.props ?? {};
  const start = typeof p.start === 'string' ? p.start : undefined;
  const expiry = typeof p.expiry === 'string' ? p.expiry : typeof p.expiryDate === 'string' ? p.expiryDate : undefined;
  return start || expiry ? { start, expiry } : undefined;
}

/** Where a window stands at `nowMs`: not started yet, showing, or past its expiry (both ends inclusive). */
export function windowState(window: PromoWindow, nowMs: number, timeZone: string): DatedState {
  const start = promoTimeMs(window.start, 'start', timeZone);
  const expiry = promoTimeMs(window.expiry, 'expiry', timeZone);
  if (start !== null && nowMs < start) return 'scheduled';
  if (expiry !== null && nowMs > expiry) return 'expired';
  return 'live';
}

export interface DatedBlock {
  state: Exclude<DatedState, 'live'>;
  /** The outline's badge text and the preview's marker. */
  label: string;
  detail: string;
}

/** The blocks of a tree that are outside their window now, by id. */
export function datedBlockStates(blocks: BlockNode[], nowMs: number, timeZone: string): Map<string, DatedBlock> {
  const out = new Map<string, DatedBlock>();
  for (const { block } of walkBlocks(blocks)) {
    const window = blockWindow(block);
    if (!window) continue;
    const state = windowState(window, nowMs, timeZone);
    if (state === 'scheduled') {
      const from = promoTimeMs(window.start, 'start', timeZone)!;
      out.set(block.id, { state, label: 'Scheduled', detail: `Shows from ${siteClockLabel(from, timeZone)}` });
    } else if (state === 'expired') {
      const until = promoTimeMs(window.expiry, 'expiry', timeZone)!;
      out.set(block.id, { state, label: 'Expired', detail: `Ended ${siteClockLabel(until, timeZone)}` });
    }
  }
  return out;
}

const DATE_KEYS = new Set(['start', 'expiry', 'expiryDate']);
const DAY_MS = 86_400_000;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A date or date-time value moved by whole days on the site's clock (the time of day and daylight saving kept right). */
function shiftDate(value: string, days: number, timeZone: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return addDays(value, days);
  const local = isoToZonedLocal(value, timeZone, true);
  if (!local) return value;
  return zonedLocalToIso(`${addDays(local.slice(0, 10), days)}${local.slice(10)}`, timeZone) ?? value;
}

/**
 * Example props (a fixture) with their dates moved so the first window starts today on the site's clock (an expiry
 * alone ends in two weeks): a block added from the palette shows at once instead of having expired in 2025.
 */
export function withDatesFromToday<T>(props: T, nowMs: number, timeZone: string): T {
  const dates: { key: string; value: string }[] = [];
  const collect = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (DATE_KEYS.has(k) && typeof x === 'string') dates.push({ key: k, value: x });
        else collect(x);
      }
    }
  };
  collect(props);
  if (dates.length === 0) return props;
  const today = isoToZonedLocal(new Date(nowMs).toISOString(), timeZone)!.slice(0, 10);
  const dayOf = (value: string) => (isoToZonedLocal(value, timeZone) ?? value).slice(0, 10);
  const starts = dates.filter((d) => d.key === 'start').map((d) => dayOf(d.value));
  // dates is not empty (checked above), so the earliest day exists.
  const anchor = starts.sort()[0] ?? addDays(dates.map((d) => dayOf(d.value)).sort()[0] ?? today, -14);
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${anchor}T00:00:00Z`)) / DAY_MS);
  const shift = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(shift);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, DATE_KEYS.has(k) && typeof x === 'string' ? shiftDate(x, days, timeZone) : shift(x)]));
    }
    return v;
  };
  return shift(props) as T;
}
