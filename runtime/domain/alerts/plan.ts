// One period of one site: which alert mails to queue. Pure: the job gives it each alert's state, the folded stock
// changes since that alert's cursor and the cars each saved search matches; it answers one mail per shopper and alert
// (never one per change), keyed by shopper, alert and period.
import { capCars, candidateCarIds, foldStockChanges, newMatches, type StockChange, type WatchEvent, watchEvents } from './changes';
import { type AlertFrequency, type AlertSchedule, alertMailKey, duePeriod } from './periods';

interface AlertState {
  shopperId: string;
  /** `search:{id}` or `watchlist`. */
  alertId: string;
  frequency: AlertFrequency;
  lastPeriod: string | null;
  /** The last stock change this alert has taken into account. */
  cursor: number;
}

export interface SearchAlertState extends AlertState {
  path: string;
  announced: ReadonlySet<number>;
}

interface WatchlistAlertState extends AlertState {
  carIds: readonly number[];
}

interface PlannedBase {
  shopperId: string;
  alertId: string;
  period: string;
  key: string;
  /** The cursor the alert moves to once this mail is queued. */
  cursor: number;
}
export type PlannedMail =
  | (PlannedBase & {
      kind: 'search';
      path: string;
      carIds: number[];
      more: number /** Every new car, shown or counted: none is announced again. */;
      announce: number[];
    })
  | (PlannedBase & { kind: 'watchlist'; events: WatchEvent[] });

export interface PlanInput {
  now: number;
  schedule: AlertSchedule;
  maxCarsPerMail: number;
  /** The site's stock changes after the oldest cursor, in order. */
  changes: readonly StockChange[];
  searches: readonly SearchAlertState[];
  watchlists: readonly WatchlistAlertState[];
  /** Of the given cars, those the search (its page path) shows, in the order its page lists them. */
  matching: (path: string, carIds: readonly number[]) => readonly number[];
}

export interface Plan {
  mails: PlannedMail[];
  /** Alerts that were due but had nothing to tell: their cursor moves on, nothing is mailed. */
  advanced: { shopperId: string; alertId: string; cursor: number }[];
}

type Folded = { last: number; net: ReturnType<typeof foldStockChanges>; candidates: number[] };

/** The changes after a cursor, folded; shared by every alert with the same cursor. */
function changesAfter(changes: readonly StockChange[], memo: Map<number, Folded>, cursor: number) {
  let hit = memo.get(cursor);
  if (!hit) {
    const after = changes.filter((c) => c.seq > cursor);
    const net = foldStockChanges(after);
    hit = { last: after.at(-1)?.seq ?? cursor, net, candidates: candidateCarIds(net) };
    memo.set(cursor, hit);
  }
  return hit;
}

export function planAlertMails(input: PlanInput): Plan {
  const mails: PlannedMail[] = [];
  const advanced: Plan['advanced'] = [];
  const memo = new Map<number, Folded>();
  // Many shoppers save the same page from the same cursor: its matches (without repeats) are worked out once and, for
  // an alert that announced nothing yet, shared as they are rather than copied per alert.
  const matchMemo = new Map<string, readonly number[]>();
  const periods = new Map<string, string | null>();
  const none: ReadonlySet<number> = new Set();
  for (const s of input.searches) {
    const periodKey = `${s.frequency}\0${s.lastPeriod}`;
    let period = periods.get(periodKey);
    if (period === undefined) periods.set(periodKey, (period = duePeriod(s.frequency, input.now, input.schedule, s.lastPeriod)));
    if (!period) continue;
    const { last, candidates } = changesAfter(input.changes, memo, s.cursor);
    if (last === s.cursor) continue;
    const memoKey = `${s.cursor}\0${s.path}`;
    let matching = matchMemo.get(memoKey);
    if (!matching) {
      matching = candidates.length ? newMatches(input.matching(s.path, candidates), none) : [];
      matchMemo.set(memoKey, matching);
    }
    const fresh = s.announced.size ? newMatches(matching, s.announced) : (matching as number[]);
    if (!fresh.length) {
      advanced.push({ shopperId: s.shopperId, alertId: s.alertId, cursor: last });
      continue;
    }
    const { shown, more } = capCars(fresh, input.maxCarsPerMail);
    mails.push({
      kind: 'search',
      shopperId: s.shopperId,
      alertId: s.alertId,
      period,
      key: alertMailKey(s.shopperId, s.alertId, period),
      cursor: last,
      path: s.path,
      carIds: shown,
      more,
      announce: fresh,
    });
  }
  for (const w of input.watchlists) {
    const period = duePeriod(w.frequency, input.now, input.schedule, w.lastPeriod);
    if (!period) continue;
    const { last, net } = changesAfter(input.changes, memo, w.cursor);
    if (last === w.cursor) continue;
    const events = watchEvents(w.carIds, net);
    if (!events.length) advanced.push({ shopperId: w.shopperId, alertId: w.alertId, cursor: last });
    else
      mails.push({
        kind: 'watchlist',
        shopperId: w.shopperId,
        alertId: w.alertId,
        period,
        key: alertMailKey(w.shopperId, w.alertId, period),
        cursor: last,
        events,
      });
  }
  return { mails, advanced };
}
