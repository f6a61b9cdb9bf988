// The action-to-event-id table (settings.analytics.events; docs/requirements/vehicle-browsing.md#calls,
// docs/requirements/dealer-services.md#calls). Every tracked action goes
// through eventFor(), so a site can renumber or switch off any event in its document. The schema is the source of
// truth for the defaults; events.test.ts checks ANALYTICS_EVENT_DEFAULTS equals them.
import type { AnalyticsSettings } from '../../../schemas/generated/tenant';

export type { AnalyticsSettings };
export type EventTable = Required<NonNullable<AnalyticsSettings['events']>>;
export type TrackedAction = keyof EventTable;

export const ANALYTICS_EVENT_DEFAULTS: EventTable = {
  enquiryNew: 14,
  enquiryUsed: 15,
  testDriveNew: 17,
  testDriveUsed: 48,
  saveToWatchlist: 39,
  phoneClick: 25,
  financeCalculator: 26,
  leadDefault: 22, // docs/requirements/dealer-services.md#calls: default event id 22
  careers: 51,
  // docs/requirements/vehicle-browsing.md#calls lists 4, 18, 49, 60, 61 without naming their actions; these are the documented defaults
  share: 4,
  print: 18,
  pdf: 49,
  getDirections: 60,
  reserve: 61,
  tradeInStart: 0,
  phoneReveal: 0,
};

/** The site's table with every default filled in. */
export function eventTable(analytics: AnalyticsSettings | undefined = {}): EventTable {
  return { ...ANALYTICS_EVENT_DEFAULTS, ...(analytics.events ?? {}) };
}

export interface TrackedEvent {
  action: TrackedAction;
  id: number;
  label?: string;
}

/** The event an action sends on this site, or null when the site switched it off (id 0). */
export function eventFor(action: TrackedAction, analytics?: AnalyticsSettings, label?: string): TrackedEvent | null {
  const id = eventTable(analytics)[action];
  if (!Number.isInteger(id) || id <= 0) return null;
  return label ? { action, id, label } : { action, id };
}

/** docs/requirements/vehicle-browsing.md#calls: phone click labelled New Car when the path names new cars (a 'new' path word), else Used Car. */
export function phoneClickLabel(path: string): 'New Car' | 'Used Car' {
  return /(^|[/\-_])new([/\-_?#]|$)/i.test(path) ? 'New Car' : 'Used Car';
}
