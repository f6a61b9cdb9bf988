// The media library: upload (the raw file as the body, its name in X-File-Name), list, view, delete when unused.
import type { Request, Response, Router } from 'express';
import { MAX_UPLOAD_BYTES, MediaError, isReferenced } from '../media';
import type { EditorApi } from './context';
import { STORAGE_FULL_MESSAGE, storageFull } from '../../infra/http-errors';

export function mediaRoutes(router: Router, api: EditorApi): void {
  const { options, log, signedIn, granted } = api;
  const { documents } = api.options;
  // Media library: upload (the raw file as the body, its name in X-File-Name), list, delete when unused.
  const mediaError = (res: Response, e: unknown) => {
    if (e instanceof MediaError) return res.status(e.status).json({ error: e.message });
    log('editor: media', e);
    if (storageFull(e)) return res.status(507).json({ error: STORAGE_FULL_MESSAGE });
    return res.status(500).json({ error: 'The image could not be stored. Please try again.' });
  };
  router.get('/api/tenants/:slug/media', signedIn, granted, async (req, res) => {
    if (!options.media) return res.status(404).json({ error: 'This server keeps no media library.' });
    const slug = String(req.params.slug);
    const used = JSON.stringify((await documents.open(slug))?.doc ?? {});
    res.json({ media: (await options.media.list(slug)).map((m) => ({ ...m, referenced: isReferenced(m, used) })), maxBytes: MAX_UPLOAD_BYTES });
  });
  router.post('/api/tenants/:slug/media', signedIn, granted, async (req, res) => {
    if (!options.media) return res.status(404).json({ error: 'This server keeps no media library.' });
    const bytes = await readBytes(req, MAX_UPLOAD_BYTES);
    if (!bytes)
      return res
        .status(413)
        .set('connection', 'close')
        .json({ error: `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Save it smaller and upload it again.` });
    let name = 'image';
    try {
      name =
        decodeURIComponent(String(req.get('x-file-name') ?? 'image'))
          .replace(/[^\w .()-]+/g, '')
          .trim() || 'image';
    } catch {
      // a malformed name: keep the default
    }
    try {
      const item = await options.media.upload(String(req.params.slug), bytes, name, req.editorAccount!.email);
      res.status(201).json({ media: { ...item, referenced: false } });
    } catch (e) {
      mediaError(res, e);
    }
  });
  // The library's own view of an image (thumbnails in the editor, whatever host the editor runs on).
  router.get('/api/tenants/:slug/media/:id/:file', signedIn, granted, async (req, res, next) => {
    try {
      const found = await options.media?.open(String(req.params.slug), String(req.params.id), String(req.params.file));
      if (!found) return res.status(404).json({ error: 'There is no such image in this site’s library.' });
      res.set({ 'content-type': found.type, 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff' });
      found.stream.on('error', next).pipe(res);
    } catch (e) {
      next(e);
    }
  });
  router.delete('/api/tenants/:slug/media/:id', signedIn, granted, async (req, res) => {
    if (!options.media) return res.status(404).json({ error: 'This server keeps no media library.' });
    const slug = String(req.params.slug);
    try {
      await options.media.remove(slug, String(req.params.id), JSON.stringify((await documents.open(slug))?.doc ?? {}));
      res.json({ ok: true });
    } catch (e) {
      mediaError(res, e);
    }
  });
}

/** The request's bytes, up to `limit` (null when larger: the rest is not read). */
function readBytes(req: Request, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        resolve(null);
        req.pause();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
