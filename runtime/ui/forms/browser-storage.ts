// What lead forms keep in the browser, per site (docs/requirements/dealer-services.md#data "Keys are per site"): the shopper's contact details,
// saved only when name, email and phone are all present (docs/requirements/dealer-services.md#validation). Read and written in effects, never in render.
import { detailsToStore, type StoredUserDetails } from '../../domain/leads/stored-details';

const userDetailsKey = (siteSlug: string) => `dealer:${siteSlug}:user-details`;

export function readStoredDetails(siteSlug: string): StoredUserDetails | null {
  try {
    const raw = window.localStorage.getItem(userDetailsKey(siteSlug));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredUserDetails>;
    return typeof parsed?.name === 'string' && typeof parsed.email === 'string' && typeof parsed.phone === 'string' ? (parsed as StoredUserDetails) : null;
  } catch {
    return null; // storage blocked or a damaged entry: the form simply starts empty
  }
}

/** Stores the details when the rule allows; returns whether it did. */
export function storeDetails(siteSlug: string, values: Record<string, unknown>): boolean {
  const details = detailsToStore(values);
  if (!details) return false;
  try {
    window.localStorage.setItem(userDetailsKey(siteSlug), JSON.stringify(details));
    return true;
  } catch {
    return false;
  }
}
