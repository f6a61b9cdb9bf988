// The model directory's API and the models' drawn images (docs/requirements/vehicle-browsing.md#screens directory
// search, docs/requirements/dealer-services.md#screens to #data models):
//   POST /api/models  { make?, model?, body?, page? }  -> one page (21) of the site's models with facet counts
//   GET  /media/models/{slug}.svg, /media/makes/{slug}.svg -> drawn model image / make wordmark
// The catalogue is ~110 models, so the site's list is filtered in memory (runtime/domain/models/directory.ts) rather
// than in a second search index; the stock search engine is only asked for From prices (runtime/models/site-models.ts).
import express, { type Request, type Response, type Router } from 'express';
import { parseDirectoryState, searchDirectory, type DirectoryState } from '../../domain/models';
import { logoMakeName, makeLogoSvg, modelImageSvg, siteModels } from '../../models';
import type { CarCatalogue } from '../../inventory/car-catalogue';
import { jsonBody } from '../json-body';

const ALLOWED_KEYS = new Set(['make', 'model', 'body', 'page']);

class ModelsRequestError extends Error {}

/** The request body as a directory state; unknown keys and wrong types are refused with a reason. */
export function parseModelsRequest(body: unknown): DirectoryState {
  if (body === undefined || body === null) return parseDirectoryState({});
  if (typeof body !== 'object' || Array.isArray(body)) throw new ModelsRequestError('body must be a JSON object such as {"body": "suv", "page": 1}');
  for (const [key, value] of Object.entries(body)) {
    if (!ALLOWED_KEYS.has(key)) throw new ModelsRequestError(`"${key}" is not a filter; use make, model, body or page`);
    if (key === 'page' ? !(Number.isInteger(value) && (value as number) >= 1) : typeof value !== 'string') {
      throw new ModelsRequestError(key === 'page' ? '"page" must be a whole number from 1' : `"${key}" must be text`);
    }
  }
  return parseDirectoryState(body as Record<string, unknown>);
}

const widthOf = (req: Request) => {
  const w = Number(req.query.w);
  return Number.isInteger(w) && w >= 16 && w <= 2000 ? w : undefined;
};

export function modelsApi(catalogue: () => CarCatalogue | undefined): Router {
  const router = express.Router();

  router.post('/api/models', jsonBody({ limit: '4kb' }), async (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    let state: DirectoryState;
    try {
      state = parseModelsRequest(req.body);
    } catch (error) {
      if (error instanceof ModelsRequestError) return res.status(400).json({ message: error.message, code: 'invalid_request' });
      throw error;
    }
    const models = await siteModels(req.tenant!, catalogue());
    res.json(searchDirectory(models, state));
  });

  router.get('/media/models/:file', (req, res) => {
    const match = /^([a-z0-9-]+)\.svg$/.exec(req.params.file);
    const svg = match?.[1] ? modelImageSvg(match[1], widthOf(req)) : null;
    if (!svg) return res.status(404).type('text/plain').send('No such image');
    res.set('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });

  router.get('/media/makes/:file', (req, res) => {
    const match = /^([a-z0-9-]+)\.svg$/.exec(req.params.file);
    const make = match?.[1] ? logoMakeName(match[1]) : undefined;
    if (!make) return res.status(404).type('text/plain').send('No such image');
    res.set('cache-control', 'public, max-age=86400').type('image/svg+xml').send(makeLogoSvg(make));
  });

  return router;
}
