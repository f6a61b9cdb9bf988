// Vehicle images, drawn on request from the car's own attributes (no files, no network): /media/cars/{id}/...
// Mounted after the host picked the tenant: a car's images answer only on its own site's host, and only for a car
// whose vehicle page that site serves (its own dealerships' cars shown on the website, which includes every car its
// search can list and sold cars with their SOLD notice). Another site's car, a hidden car and a car that does not
// exist all get the same 404, on unknown hosts too (they never reach this router).
import express, { type Router } from 'express';
import { carImageForPath } from '../../inventory/car-image-path';
import type { CarCatalogue } from '../car-catalogue';

export function mediaRoutes(catalogue: () => CarCatalogue | undefined): Router {
  const router = express.Router();
  const notFound = (res: express.Response) => res.status(404).set('cache-control', 'no-store').type('text/plain').send('No such image');
  router.get('/media/placeholder.svg', (req, res) => {
    const svg = carImageForPath(null, req.originalUrl);
    if (!svg) return notFound(res);
    res.set('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });
  router.get('/media/cars/{*rest}', (req, res) => {
    const segment = req.path.split('/')[3] ?? '';
    const id = /^\d{1,15}$/.test(segment) ? Number(segment) : NaN;
    const car = Number.isSafeInteger(id) ? catalogue()?.byIdFor(req.tenant!, id) : undefined;
    const svg = car ? carImageForPath(car, req.originalUrl) : null;
    if (!svg) return notFound(res);
    // Drawn from the car's data, which a feed update can hide: a short cache, per site.
    res.set('cache-control', 'public, max-age=300').set('vary', 'Host').type('image/svg+xml').send(svg);
  });
  return router;
}
