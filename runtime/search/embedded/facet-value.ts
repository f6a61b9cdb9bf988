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

/** Field value at a dotted path ("rating.users"), as Meilisearch reads nested fields. */
export function valueAtPath(doc: Record<string, unknown>, path: string): unknown {
  if (path in doc) return doc[path];
  if (!path.includes('.')) return undefined;
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (current == null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export function hasPath(doc: Record<string, unknown>, path: string): boolean {
  if (path in doc) return true;
  if (!path.includes('.')) return false;
  const parts = path.split('.');
  let current: unknown = doc;
  for (const part of parts) {
    if (current == null || typeof current !== 'object' || !(part in (current as object))) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}
