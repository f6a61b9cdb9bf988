// The site's clock: the time zone in which staff set promotion, popup and announcement dates and in which a date
// without a time (2025-07-24) is read as a whole day. A document names it in `timeZone`; without one it is the time
// zone of the state of the site's first location (a Perth dealer's promotions end at midnight in Perth).

const QLD_TIME_ZONE = 'Australia/Brisbane';

/** IANA time zone of each Australian state and territory (a location's clock is its state's). */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  QLD: QLD_TIME_ZONE,
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  NT: 'Australia/Darwin',
};

/** docs/requirements/dealer-services.md#constants: the default form state is qld, so a place without a known state keeps Brisbane time. */
export const FALLBACK_TIME_ZONE: string = QLD_TIME_ZONE;

/** The time zone of an Australian state or territory ('nsw', 'WA'); undefined for anything else. */
export const stateTimeZone = (state: string | null | undefined): string | undefined => STATE_TIME_ZONES[(state ?? '').trim().toUpperCase()];

interface SiteClockSource {
  timeZone?: string | null;
  dealerships?: readonly { locations?: readonly { address?: { state?: string } | null }[] | null }[] | null;
}

/** The time zone the document's first location is in (the default of `timeZone`). */
export function defaultSiteTimeZone(site: SiteClockSource): string {
  const first = site.dealerships?.[0]?.locations?.[0];
  return stateTimeZone(first?.address?.state) ?? FALLBACK_TIME_ZONE;
}

/** The site's time zone: the document's `timeZone`, else its first location's. */
export function siteTimeZone(site: SiteClockSource): string {
  return site.timeZone || defaultSiteTimeZone(site);
}

/** "AEST", "ACDT", "AWST": the zone's short name at an instant, as Australians write it beside a time. */
export function zoneAbbreviation(timeZone: string, atMs: number): string {
  const name = new Intl.DateTimeFormat('en-AU', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(atMs)).find((p) => p.type === 'timeZoneName');
  return name?.value ?? timeZone;
}
