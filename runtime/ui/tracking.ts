// Analytics events (docs/requirements/vehicle-browsing.md#calls, docs/requirements/dealer-services.md#calls). Blocks
// name the action (share, phoneClick, reserve, ...); the site's
// table (settings.analytics.events) gives its id, and an action set to 0 sends nothing. Each event goes out as a DOM
// event 'dealer:track' with { id, action, label?, ... } and to the console; the site's tag-manager hook
// (runtime/ui/analytics/AnalyticsHost.tsx) pushes it to the dataLayer where the site has one and consent allows.
// Failures stay in the console.
import { useCallback, useContext } from 'react';
import { eventFor, type TrackedAction } from '../domain/analytics/events';
import { resolvedSettings, type ResolvedAnalyticsSettings } from '../domain/settings';
import { SiteContext } from '../renderer/site-context';

export const TRACK_EVENT = 'dealer:track';

export interface TrackDetail {
  id: number;
  action?: TrackedAction;
  label?: string;
  [key: string]: unknown;
}

/** Sends one event by id (prefer trackAction, which reads the site's table). */
function track(id: number, extra: Omit<TrackDetail, 'id'> = {}): void {
  if (typeof window === 'undefined') return;
  try {
    const detail: TrackDetail = { ...extra, id };
    window.dispatchEvent(new CustomEvent<TrackDetail>(TRACK_EVENT, { detail }));
    console.info(`[track] event ${id}${extra.label ? `: ${extra.label}` : ''}`);
  } catch (error) {
    console.error('Tracking failed', error);
  }
}

/** Sends an action's event as the site's table numbers it; nothing when the site switched it off. */
function trackAction(action: TrackedAction, extra: Omit<TrackDetail, 'id' | 'action'>, analytics: ResolvedAnalyticsSettings | undefined): void {
  // Outside a site (a block rendered alone in a test) there is no table, so nothing is sent.
  const event = analytics && eventFor(action, analytics, typeof extra.label === 'string' ? extra.label : undefined);
  if (event) track(event.id, { ...extra, action });
}

/** trackAction bound to this site's table (nothing is sent outside a site). */
export function useTrackAction() {
  const site = useContext(SiteContext);
  const analytics = site ? resolvedSettings(site.settings).analytics : undefined;
  return useCallback((action: TrackedAction, extra: Omit<TrackDetail, 'id' | 'action'> = {}) => trackAction(action, extra, analytics), [analytics]);
}
