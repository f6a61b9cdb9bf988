// Contact details remembered in the browser after a submission (docs/requirements/dealer-services.md#data, #validation).

export interface StoredUserDetails {
  name: string;
  last_name?: string;
  email: string;
  phone: string;
  postcode?: string;
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** Saved only if name, email and phone are all present. */
export function shouldStoreDetails(values: { name?: unknown; email?: unknown; phone?: unknown }): boolean {
  return filled(values.name) && filled(values.email) && filled(values.phone);
}

/** The details to store, or null when they must not be stored. */
export function detailsToStore(values: Record<string, unknown>): StoredUserDetails | null {
  if (!shouldStoreDetails(values)) return null;
  const out: StoredUserDetails = { name: String(values.name).trim(), email: String(values.email).trim(), phone: String(values.phone).trim() };
  if (filled(values.last_name)) out.last_name = String(values.last_name).trim();
  if (filled(values.postcode)) out.postcode = String(values.postcode).trim();
  return out;
}
