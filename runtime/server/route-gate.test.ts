import express from 'express';
import { describe, expect, it } from 'vitest';
import { fixedStart, gatedByItsRoutes, routeStarts } from './route-gate';
import type { Server } from 'node:http';
import { get } from '../../test-support/http-client';

describe('route gate', () => {
  it("reads each route's fixed start, up to its first parameter, wildcard or optional part", () => {
    expect(fixedStart('/api/cars/:slug/pdf')).toBe('/api/cars/');
    expect(fixedStart('/media/cars/{*rest}')).toBe('/media/cars/');
    expect(fixedStart('/sitemap-:part.xml')).toBe('/sitemap-');
    expect(fixedStart('/robots.txt')).toBe('/robots.txt');
    expect(fixedStart('/{*path}')).toBe('/');
  });

  it('gates a router by its own routes; one with a layer for any path is never gated', () => {
    const api = express.Router();
    api.get('/api/Things/:id', (_req, res) => void res.end());
    api.post(['/media/x', '/api/other'], (_req, res) => void res.end());
    api.get('/api/other/more', (_req, res) => void res.end());
    api.use('/api/errors', (_error: unknown, _req: express.Request, _res: express.Response, next: express.NextFunction) => next());
    expect(routeStarts(api)).toEqual(['/api/things/', '/media/x', '/api/other', '/api/errors']);
    const everywhere = express.Router();
    everywhere.use((_req, _res, next) => next());
    expect(routeStarts(everywhere)).toBeUndefined();
    expect(gatedByItsRoutes(everywhere)).toBe(everywhere);
    const catchAll = express.Router();
    catchAll.get('/{*path}', (_req, _res, next) => next());
    expect(routeStarts(catchAll)).toBeUndefined();
  });

  it('runs the router for its paths (in any case, as Express matches them) and passes every other request on', async () => {
    const seen: string[] = [];
    const gated = express.Router();
    gated.use('/api/things', (req, _res, next) => {
      seen.push(req.originalUrl);
      next();
    });
    gated.get('/api/things/:id', (req, res) => void res.json({ id: req.params.id }));
    const app = express();
    app.use(gatedByItsRoutes(gated));
    app.use((req, res) => void res.status(404).json({ page: req.path }));
    const server: Server = await new Promise((ok) => {
      const s = app.listen(0, '127.0.0.1', () => ok(s));
    });
    const body = async (path: string) => JSON.parse((await get(server, 'localhost', path)).body);
    try {
      expect(await body('/api/things/7')).toEqual({ id: '7' });
      expect(await body('/API/Things/8')).toEqual({ id: '8' });
      expect(await body('/cars/a-car')).toEqual({ page: '/cars/a-car' });
      expect(await body('/api/thing')).toEqual({ page: '/api/thing' });
      expect(seen).toEqual(['/api/things/7', '/API/Things/8']);
    } finally {
      server.close();
    }
  });
});
