// One HTTP server for every tenant. The host name picks the tenant; each tenant's pages render on the server and
// hydrate in the browser. Unknown hosts get a plain 404 that names no tenant; a tenant whose document does not
// validate gets a 503 while the others keep serving.
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { join } from 'node:path';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { pageDataFor, renderPage, type AssetResolver } from '../renderer/entry-server';
import type { RuntimeServices } from '../services';
import { accountsApi } from './routes/accounts-api';
import { mediaRoutes } from './routes/media';
import { leadsApi } from './routes/leads-api';
import { modelsApi } from './routes/models-api';
import { searchApi } from './routes/search-api';
import { vehicleApi } from './routes/vehicle-api';
import type { TenantRegistry } from './tenant-registry';

export interface AppOptions {
  registry: TenantRegistry;
  clientDir: string;
  assets: AssetResolver;
  services?: RuntimeServices;
  /** The visual editor (runtime/editor), served at /editor on every host, before the host picks a tenant. */
  editor?: express.RequestHandler;
  log?: (message: string, error?: unknown) => void;
}

declare module 'express-serve-static-core' {
  interface Request {
    tenant?: TenantDocument;
  }
}

const plainPage = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

function requestUrl(req: Request): URL {
  return new URL(req.originalUrl, `http://${req.headers.host ?? 'localhost'}`);
}

export function createApp({ registry, clientDir, assets, services = {}, editor, log = (m, e) => console.error(m, e ?? '') }: AppOptions) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });

  // Hashed build output never changes under the same name: cache it for a year.
  app.use('/assets', express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use(express.static(clientDir, { maxAge: '1h', index: false }));

  app.use(mediaRoutes(() => services.catalogue));
  if (editor) app.use('/editor', editor);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const match = registry.match(req.headers.host);
    if (match.kind === 'tenant') {
      req.tenant = match.doc;
      return next();
    }
    res.set('cache-control', 'no-store');
    if (match.kind === 'broken') {
      log(`503 for ${req.headers.host}${req.originalUrl}: tenant "${match.slug}" has an invalid document (see the validation errors logged at load)`);
      return res.status(503).type('html').send(plainPage('Site temporarily unavailable', 'This site is being updated. Please try again shortly.'));
    }
    return res.status(404).type('html').send(plainPage('Site not found', 'There is no website at this address.'));
  });

  // Shopper sessions, account and watchlist APIs, and the gate of signed-in-only pages (before pages and /__data).
  app.use(accountsApi(services, { log }));
  app.use(searchApi(() => services.catalogue));
  app.use(leadsApi(services, { log }));
  app.use(vehicleApi(() => services.catalogue, { log }));
  app.use(modelsApi(() => services.catalogue));

  app.get('/__data', async (req, res, next) => {
    try {
      const path = typeof req.query.path === 'string' && req.query.path.startsWith('/') ? req.query.path : null;
      if (!path) return res.status(400).json({ error: 'query parameter "path" must be a path starting with /' });
      const { status, data } = await pageDataFor({ tenant: req.tenant!, services, log }, new URL(path, requestUrl(req)));
      res.status(status).set('cache-control', 'no-store').json(data);
    } catch (e) {
      next(e);
    }
  });

  app.get('/{*path}', async (req, res, next) => {
    try {
      const result = await renderPage({ tenant: req.tenant!, services, log }, requestUrl(req), assets);
      res.status(result.status).set(result.headers);
      if (typeof result.body === 'string') return res.end(result.body);
      result.body.pipe(res);
    } catch (e) {
      next(e);
    }
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    log(`500 for ${req.headers.host}${req.originalUrl}`, error);
    if (res.headersSent) return res.end();
    res.status(500).type('html').send(plainPage('Something went wrong', 'Please try again in a moment.'));
  });

  return app;
}
