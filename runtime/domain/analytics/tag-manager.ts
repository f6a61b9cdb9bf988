// The site's tag manager and consent (settings.analytics.tagManager, .consent): which script loads, what a tracked
// event looks like in the dataLayer, and whether anything may go out yet. Pure, shared by the browser hook and tests.
import type { AnalyticsSettings } from '../../../schemas/generated/tenant';
import type { TrackedEvent } from './events';

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
/** Where GA4 (directly or through GTM) sends its hits; added to connect-src with the script origin. */
export const GA4_COLLECT_ORIGINS = ['https://www.google-analytics.com', 'https://region1.google-analytics.com'];

export type ConsentChoice = 'accepted' | 'rejected';

export function hasTagManager(analytics: AnalyticsSettings | undefined): boolean {
  return Boolean(analytics?.tagManager?.gtmContainerId || analytics?.tagManager?.ga4MeasurementId);
}

/** The tag script: GTM's container when set, else gtag.js for the GA4 measurement id; null without either. */
export function tagScriptUrl(analytics: AnalyticsSettings | undefined): string | null {
  const { gtmContainerId, ga4MeasurementId } = analytics?.tagManager ?? {};
  if (gtmContainerId) return `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmContainerId)}`;
  if (ga4MeasurementId) return `${TAG_MANAGER_ORIGIN}/gtag/js?id=${encodeURIComponent(ga4MeasurementId)}`;
  return null;
}

/** Whether the site's consent banner still has to be answered. */
export function consentPending(analytics: AnalyticsSettings | undefined, choice: ConsentChoice | null): boolean {
  return Boolean(analytics?.consent?.required) && hasTagManager(analytics) && choice === null;
}

/** Events go to the tag manager only when it is set and, where the site requires consent, after Accept. */
export function analyticsAllowed(analytics: AnalyticsSettings | undefined, choice: ConsentChoice | null): boolean {
  if (!hasTagManager(analytics)) return false;
  return analytics?.consent?.required ? choice === 'accepted' : choice !== 'rejected';
}

export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  return value === 'accepted' || value === 'rejected' ? value : null;
}

/** The dataLayer entry of one tracked event. */
export function dataLayerEntry(event: TrackedEvent, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const entry: Record<string, unknown> = { ...extra, event: 'dealer_event', event_id: event.id, action: event.action };
  if (event.label) entry.event_label = event.label;
  return entry;
}
