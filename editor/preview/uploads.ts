// The preview frame is served on the editor's host, where /uploads/... answers for the default site only (an upload
// answers only on the site that owns it). So the frame renders the draft with its uploaded images pointed at the
// editor's own route for them (GET /editor/api/tenants/:slug/media/:id/:file, staff of that site only). Unchanged parts
// of the draft keep their rewritten copy (a WeakMap by the draft's own objects), so an edit re-renders only what changed.
const UPLOAD = /^\/uploads\/([a-f0-9]+)\/([^/?#]+)$/;

/** Where the editor's pages load an image address of the document from (an upload: the editor's route for it). */
export function previewImageAddress(value: string, slug: string): string {
  const m = UPLOAD.exec(value);
  return m ? `/editor/api/tenants/${encodeURIComponent(slug)}/media/${m[1]}/${m[2]}` : value;
}

export function previewUploads<T>(doc: T, slug: string, cache = new WeakMap<object, unknown>()): T {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return previewImageAddress(value, slug);
    if (!value || typeof value !== 'object') return value;
    if (cache.has(value)) return cache.get(value);
    let changed = false;
    let out: unknown;
    if (Array.isArray(value)) {
      const next = value.map((v) => {
        const w = walk(v);
        if (w !== v) changed = true;
        return w;
      });
      out = changed ? next : value;
    } else {
      const next: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const w = walk(v);
        if (w !== v) changed = true;
        next[k] = w;
      }
      out = changed ? next : value;
    }
    cache.set(value, out);
    return out;
  };
  return walk(doc) as T;
}
