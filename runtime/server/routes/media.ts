// Vehicle images, drawn on request from the car's own attributes (no files, no network): /media/cars/{id}/...
// Mounted after the host picked the tenant: a car's images answer only on its own site's host, and only for a car
// whose vehicle page that site serves (its own dealerships' cars shown on the website, which includes every car its
// search can list and sold cars with their SOLD notice). Another site's car, a hidden car and a car that does not
// exist all get the same 404, on unknown hosts too (they never reach this router).
// The raster variants of a car's photos and of model pictures (`…/0-640w.d2.avif?q=60&ar=4x3&crop=top`: the image
// service's width, format, quality, aspect ratio and crop, each from a fixed list, runtime/domain/images/variants.ts)
// answer by the same rule: rendered once by sharp, kept on disk, cached by browsers for a year. So do a stock feed's
// photos (`/media/cars/{id}/photos/{key}-640w.avif`): the key must be one of that car's own photo addresses, fetched
// once (runtime/images/feed-photos.ts); when it cannot be fetched the answer redirects to the feed's own address.
import express, { type Router } from 'express';
import type { Car } from '../../../schemas/generated/car';
import { isFeedPhoto, parseFeedPhotoVariantPath, parseVariantPath, photoKey, VARIANT_CONTENT_TYPE } from '../../domain/images/variants';
import type { FeedPhotoCache } from '../../images/feed-photos';
import type { ImageVariantCache } from '../../images/variant-cache';
import { carImageForPath } from '../../inventory/car-image-path';
import { modelImageSvg } from '../../models';
import { historyReportUrl } from '../../inventory/media-paths';
import { historyReportPdf } from '../../pdf/history-report-pdf';
import { resolvedSettings } from '../../domain/settings';
import type { CarCatalogue } from '../../inventory/car-catalogue';
import { LOCATOR_MAP_URL } from '../../domain/maps/locator';
import { australiaLocatorSvg } from '../../domain/maps/locator-svg';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Every image address a feed gave the car that is not one of ours: gallery photos and their thumbnails, the main photo
 * (also the video posters), spin frames and the spin's interior image. Nothing else can be named by a key.
 */
function feedPhotoAddresses(car: Car): string[] {
  const all = [
    ...(car.images ?? []).flatMap((entry) => [entry.image?.url, entry.image?.thumb?.url]),
    ...(car.thumbnails ?? []),
    car.primary_image_url,
    ...(car.spin_images ?? []),
    car.spin_interior_image,
  ];
  return all.filter((url): url is string => typeof url === 'string' && isFeedPhoto(url));
}

export function mediaRoutes(
  catalogue: () => CarCatalogue | undefined,
  variants: ImageVariantCache,
  feedPhotos: FeedPhotoCache,
  log: (message: string, error?: unknown) => void = () => {},
): Router {
  const router = express.Router();
  const notFound = (res: express.Response) => res.status(404).set('cache-control', 'no-store').type('text/plain').send('No such image');
  const carOf = (req: express.Request) => {
    const segment = req.path.split('/')[3] ?? '';
    const id = /^\d{1,15}$/.test(segment) ? Number(segment) : NaN;
    return Number.isSafeInteger(id) ? catalogue()?.byIdFor(req.tenant!, id) : undefined;
  };

  /** A variant request: the source SVG drawn at the variant's width (null when it is not ours to show), then rasterised. */
  const sendVariant = async (req: express.Request, res: express.Response, next: express.NextFunction, draw: (svgPath: string) => string | null) => {
    const request = parseVariantPath(req.path, req.query);
    if (!request.ok) return res.status(request.status).set('cache-control', 'no-store').type('text/plain').send(request.message);
    const svg = draw(`${request.source}?w=${request.width}`);
    if (!svg) return notFound(res);
    try {
      const bytes = await variants.variant(svg, request.width, request.format, request.options);
      res.set({ 'cache-control': IMMUTABLE, vary: 'Host', 'x-content-type-options': 'nosniff' }).type(VARIANT_CONTENT_TYPE[request.format]).send(bytes);
    } catch (error) {
      next(error);
    }
  };
  const isVariant = (path: string) => /-\d+w\.[^/]+$/.test(path);

  /** A feed photo's variant: only an address of the car's own photos; the feed's address when it cannot be made. */
  const sendFeedPhotoVariant = async (req: express.Request, res: express.Response, car: Car) => {
    const request = parseFeedPhotoVariantPath(req.path, req.query);
    if (!request.ok) return res.status(request.status).set('cache-control', 'no-store').type('text/plain').send(request.message);
    const address = feedPhotoAddresses(car).find((url) => photoKey(url) === request.key);
    if (!address) return notFound(res);
    try {
      const bytes = await variants.variantOf(address, () => feedPhotos.original(address), request.width, request.format, request.options);
      res.set({ 'cache-control': IMMUTABLE, vary: 'Host', 'x-content-type-options': 'nosniff' }).type(VARIANT_CONTENT_TYPE[request.format]).send(bytes);
    } catch (error) {
      // Not fetched (logged by the cache, retried later) or not decodable: the browser shows the feed's own photo.
      if ((error as Error).name !== 'FeedPhotoError') log(`feed photo ${address} could not be rendered`, error);
      res.set('cache-control', 'no-store').redirect(302, address);
    }
  };

  // The location locator's picture of Australia: the same for every site, versioned in its address.
  router.get(LOCATOR_MAP_URL, (_req, res) => {
    res.set({ 'cache-control': IMMUTABLE, 'x-content-type-options': 'nosniff' }).type('image/svg+xml').send(australiaLocatorSvg());
  });
  router.get('/media/placeholder.svg', (req, res) => {
    const svg = carImageForPath(null, req.originalUrl);
    if (!svg) return notFound(res);
    res.set('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });
  // The car's history report, made from its own records: only for a car whose report is this address (a feed's car
  // may link its own file elsewhere, and a car without a report shows no button).
  router.get('/media/cars/:id/history-report.pdf', async (req, res, next) => {
    const car = carOf(req);
    if (!car || car.file !== historyReportUrl(car.id)) return res.status(404).set('cache-control', 'no-store').type('text/plain').send('No such report');
    try {
      const tenant = req.tenant!;
      const pdf = await historyReportPdf({
        car,
        dealership: tenant.dealerships.find((d) => d.id === car.dealership_id) ?? { name: tenant.name },
        siteName: tenant.name,
        now: new Date(),
        unregisteredWhenRegoExpired: resolvedSettings(tenant.settings).vehicle.unregisteredWhenRegoExpired,
        accent: tenant.theme.primary,
      });
      res
        .status(200)
        .set({ 'cache-control': 'public, max-age=300', vary: 'Host', 'content-disposition': `inline; filename="${car.slug}-history-report.pdf"` })
        .type('application/pdf')
        .end(pdf);
    } catch (error) {
      next(error);
    }
  });
  router.get('/media/cars/{*rest}', (req, res, next) => {
    const car = carOf(req);
    if (req.path.split('/')[4] === 'photos') return car ? sendFeedPhotoVariant(req, res, car) : notFound(res);
    if (isVariant(req.path)) return car ? sendVariant(req, res, next, (path) => carImageForPath(car, path)) : notFound(res);
    const svg = car ? carImageForPath(car, req.originalUrl) : null;
    if (!svg) return notFound(res);
    // Drawn from the car's data, which a feed update can hide: a short cache, per site.
    res.set('cache-control', 'public, max-age=300').set('vary', 'Host').type('image/svg+xml').send(svg);
  });
  router.get('/media/models/:file', (req, res, next) => {
    if (!isVariant(req.path)) return next();
    return sendVariant(req, res, next, (path) => {
      const slug = /^\/media\/models\/([a-z0-9-]+)\.svg/.exec(path)?.[1];
      return slug ? modelImageSvg(slug, Number(path.split('?w=')[1])) : null;
    });
  });
  return router;
}
