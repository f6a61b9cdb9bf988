// The editor sends the preview only what changed in the draft: replacements at paths, found by comparing the draft it
// sent last with the new one. Validated drafts share the objects of the blocks an edit did not change
// (runtime/tenants/incremental-validate.ts), so the walk skips them at once; the preview applies the changes copying
// only the objects on their paths, so its unchanged blocks stay the same objects and are not rendered again.

export type DocPatch = { path: (string | number)[]; value?: unknown; remove?: true };

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The changes that turn `before` into `after` (equal values produce none; the same object is not looked into). */
export function diffDocs(before: unknown, after: unknown, path: (string | number)[] = [], out: DocPatch[] = []): DocPatch[] {
  if (Object.is(before, after)) return out;
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) out.push({ path, value: after });
    else for (let i = 0; i < after.length; i++) diffDocs(before[i], after[i], [...path, i], out);
  } else if (isRecord(before) && isRecord(after)) {
    for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) out.push({ path: [...path, key], remove: true });
    for (const [key, value] of Object.entries(after)) {
      if (Object.hasOwn(before, key)) diffDocs(before[key], value, [...path, key], out);
      else out.push({ path: [...path, key], value });
    }
  } else out.push({ path, value: after });
  return out;
}

/** `doc` with the changes applied: a new object on every changed path, the same objects everywhere else. */
export function applyDocPatches<T>(doc: T, patches: DocPatch[]): T {
  let root: unknown = doc;
  for (const patch of patches) root = applyAt(root, patch, 0);
  return root as T;
}

function applyAt(node: unknown, patch: DocPatch, depth: number): unknown {
  const key = patch.path[depth];
  if (key === undefined) return patch.value;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
  const copy: any = Array.isArray(node) ? [...node] : { ...(node as object) };
  if (depth === patch.path.length - 1 && patch.remove) delete copy[key];
  // As an own property even for a key like "__proto__" (JSON documents may have any key).
  else
    Object.defineProperty(copy, key, {
      value: applyAt(Object.hasOwn(copy, key) ? copy[key] : undefined, patch, depth + 1),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  return copy;
}
