// Vehicle images, drawn on request from the car's own attributes (no files, no network): /media/cars/{id}/...
import express, { type Router } from 'express';
import { carImageForPath } from '../../inventory/car-image-path';
import type { CarCatalogue } from '../car-catalogue';

export function mediaRoutes(catalogue: () => CarCatalogue | undefined): Router {
  const router = express.Router();
  router.get(['/media/placeholder.svg', '/media/cars/{*rest}'], (req, res) => {
    const id = Number(req.path.split('/')[3]);
    const car = Number.isFinite(id) ? catalogue()?.carById(id) : undefined;
    const svg = carImageForPath(car ?? null, req.originalUrl);
    if (!svg) return res.status(404).type('text/plain').send('No such image');
    // Drawn from immutable car data: cache like any photo.
    res.set('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });
  return router;
}
