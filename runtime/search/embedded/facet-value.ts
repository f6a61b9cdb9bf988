// How document values become facet keys. Meilisearch compares strings case-insensitively,
// shows booleans as "true"/"false" and numbers as their decimal form, and ignores null and [].

/** The key a scalar value is indexed under, or undefined when it is not filterable (null, objects). */
export function facetKeyOf(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value.trim().toLowerCase();
    case 'number':
      return Number.isFinite(value) ? String(value) : undefined;
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return undefined;
  }
}

/** Keys a filter value may match: its lower-cased text and, when numeric, its canonical number. */
export function filterKeysOf(text: string): string[] {
  const lower = text.trim().toLowerCase();
  const asNumber = parseNumber(text);
  if (asNumber === undefined) return [lower];
  const canonical = String(asNumber);
  return canonical === lower ? [lower] : [lower, canonical];
}

/** A finite number from filter text, or undefined. */
export function parseNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
