// Rego expiry wording (docs/requirements/vehicle-browsing.md#validation).
import { DEFAULT_TIME_ZONE, formatDate, zonedDateParts } from '../format';

const dayKey = (d: Date, timeZone: string) => {
  const { year, month, day } = zonedDateParts(d, timeZone);
  return year * 10000 + month * 100 + day;
};

/**
 * 'Expires on dd/mm/yyyy' for today or later; a past date gives 'Unregistered' on sites
 * with `unregisteredWhenRegoExpired`, otherwise null (nothing shown). Days compare in Brisbane.
 */
export function regoExpiryText(
  regoExpiry: string | null | undefined,
  settings: { unregisteredWhenRegoExpired?: boolean } = {},
  now: Date = new Date(),
  timeZone = DEFAULT_TIME_ZONE,
): string | null {
  if (!regoExpiry) return null;
  const expiry = new Date(regoExpiry);
  if (Number.isNaN(expiry.getTime())) return null;
  if (dayKey(expiry, timeZone) < dayKey(now, timeZone)) {
    return settings.unregisteredWhenRegoExpired ? 'Unregistered' : null;
  }
  return `Expires on ${formatDate(expiry, timeZone)}`;
}
