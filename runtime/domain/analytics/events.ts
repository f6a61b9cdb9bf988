// The action-to-event-id table (settings.analytics.events; docs/requirements/vehicle-browsing.md#calls,
// docs/requirements/dealer-services.md#calls). Every tracked action goes through eventFor(), so a site can renumber
// or switch off any event in its document; the analytics schema holds the standard ids (its defaults).
import type { ResolvedAnalyticsSettings } from '../settings';

export type TrackedAction = keyof ResolvedAnalyticsSettings['events'];

export interface TrackedEvent {
  action: TrackedAction;
  id: number;
  label?: string;
}

/** The event an action sends on this site, or null when the site switched it off (id 0). */
export function eventFor(action: TrackedAction, analytics: Pick<ResolvedAnalyticsSettings, 'events'>, label?: string): TrackedEvent | null {
  const id = analytics.events[action];
  if (!Number.isInteger(id) || id <= 0) return null;
  return label ? { action, id, label } : { action, id };
}

/** docs/requirements/vehicle-browsing.md#calls: phone click labelled New Car when the path names new cars (a 'new' path word), else Used Car. */
export function phoneClickLabel(path: string): 'New Car' | 'Used Car' {
  return /(^|[/\-_])new([/\-_?#]|$)/i.test(path) ? 'New Car' : 'Used Car';
}
