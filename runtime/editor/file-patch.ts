// Writes an edited (resolved) document back as a tenant file: a JSON Merge Patch (RFC 7396) over its template, so
// whatever the tenant inherits keeps coming from the template. Keys the original file already set keep their form
// where they still produce the same result, so a publish changes only what the editor changed.
import { mergePatch, type Json } from '../tenants/merge-patch';

type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => deepEqual(x, (b as unknown[])[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length && ka.every((k) => Object.hasOwn(b as object, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Removes null values inside objects (a merge patch cannot set a value to null; null there means "delete"). */
function withoutNulls(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/**
 * A merge patch that turns `base` into `target`. `original` is the patch the file held before (its keys and their
 * order are kept where they still give the target value).
 */
export function createMergePatch(base: Json | undefined, target: Json, original?: Json): Json {
  if (!isObject(target) || !isObject(base)) return withoutNulls(target);
  const patch: JsonObject = {};
  const previous = isObject(original) ? original : {};
  const keys = [...Object.keys(previous).filter((k) => k in target || k in base), ...Object.keys(target), ...Object.keys(base)];
  for (const key of new Set(keys)) {
    const want = target[key];
    if (want === undefined || want === null) {
      if (key in base) patch[key] = null;
      continue;
    }
    const before = previous[key];
    if (before !== undefined && before !== null && deepEqual(mergePatch(base[key], before), want)) {
      patch[key] = before;
      continue;
    }
    if (key in base && deepEqual(base[key], want)) continue;
    const sub = createMergePatch(base[key], want, previous[key]);
    // Differences that were only nulls leave nothing to say about this key.
    if (key in base && isObject(base[key]) && isObject(sub) && Object.keys(sub).length === 0) continue;
    patch[key] = sub;
  }
  return patch;
}

/** The tenant file for an edited document: $schema first (kept from the file), then the patch over the template. */
export function tenantFileFor(resolvedTemplate: Json, edited: JsonObject, originalFile: JsonObject): JsonObject {
  const { $schema, ...originalPatch } = originalFile;

  const target = { ...edited };
  delete target.$schema;
  const patch = createMergePatch(resolvedTemplate, target, originalPatch) as JsonObject;
  // The template name is what the file extends: always written, whatever the template itself says.
  if (typeof edited.template === 'string') patch.template = edited.template;
  const ordered: JsonObject = {};
  if ($schema !== undefined) ordered.$schema = $schema;
  for (const [k, v] of Object.entries(patch)) ordered[k] = v;
  return ordered;
}
