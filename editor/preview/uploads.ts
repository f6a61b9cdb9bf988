// The preview frame is served on the editor's host, where /uploads/... answers for the default site only (an upload
// answers only on the site that owns it). So the frame renders the draft with its uploaded images pointed at the
// editor's own route for them (GET /editor/api/tenants/:slug/media/:id/:file, staff of that site only). Unchanged parts
// of the draft keep their rewritten copy (a WeakMap by the draft's own objects), so an edit re-renders only what changed.
const UPLOAD = /^\/uploads\/([a-f0-9]+)\/([^/?#]+)$/;

export function previewUploads<T>(doc: T, slug: string, cache = new WeakMap<object, unknown>()): T {
  const base = `/editor/api/tenants/${encodeURIComponent(slug)}/media/`;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const m = UPLOAD.exec(value);
      return m ? `${base}${m[1]}/${m[2]}` : value;
    }
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
