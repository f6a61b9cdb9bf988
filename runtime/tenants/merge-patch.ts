// JSON Merge Patch (RFC 7396): the one rule for a tenant overriding its template.
// Objects merge key by key; null deletes a key; anything else (arrays included) replaces the template's value.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

const own = (o: Record<string, Json>, key: string): Json | undefined => (Object.hasOwn(o, key) ? o[key] : undefined);

export function mergePatch(target: Json | undefined, patch: Json): Json {
  if (!isObject(patch)) return structuredClone(patch);
  const result: Record<string, Json> = isObject(target) ? structuredClone(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    // defineProperty, not assignment: a key "__proto__" stays a plain own key (the validator then refuses it) and
    // never sets the result's prototype.
    else Object.defineProperty(result, key, { value: mergePatch(own(result, key), value), enumerable: true, writable: true, configurable: true });
  }
  return result;
}
