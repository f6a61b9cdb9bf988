// Search engines' files of each site (robots.txt, sitemap.xml and its numbered parts) and its share images: the
// site's SVG logo as PNG and the drawn car photos as JPEG (social sites show no SVG). All per host, after the host
// picked the tenant; every address inside them comes from the site's configured url.
import express, { type Router } from 'express';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import sharp from 'sharp';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { carImageForPath } from '../../inventory/car-image-path';
import { robotsTxt, SHARE_IMAGE_SIZE, LOGO_SHARE_IMAGE_PATH } from '../../domain/seo';
import type { CarCatalogue } from '../../inventory/car-catalogue';
import { sitemapsFor } from '../sitemaps';

const logoCache = new WeakMap<TenantDocument, Promise<Buffer | null>>();
/** Rendered car share images, most recent last; a small bound keeps memory flat. */
const carCache = new Map<string, Buffer>();
const CAR_CACHE_SIZE = 200;

/** The site's logo file from the built client folder (never fetched from elsewhere), or null. */
async function logoFile(clientDir: string | undefined, url: string): Promise<{ bytes: Buffer; kind: string } | null> {
  if (!clientDir || !url.startsWith('/') || url.startsWith('//')) return null;
  const root = resolve(clientDir);
  let file: string;
  try {
    file = resolve(join(root, decodeURIComponent(url.split('?')[0] ?? '')));
  } catch {
    return null;
  }
  if (!file.startsWith(root + sep)) return null;
  const kind = extname(file).toLowerCase();
  if (!['.svg', '.png', '.jpg', '.jpeg'].includes(kind)) return null;
  return readFile(file).then(
    (bytes) => ({ bytes, kind }),
    () => null,
  );
}

/** The logo centred on the site's background at Open Graph's size, as PNG. */
async function renderLogo(tenant: TenantDocument, clientDir: string | undefined): Promise<Buffer | null> {
  const logo = await logoFile(clientDir, tenant.theme.logo.url);
  if (!logo) return null;
  const { width, height } = SHARE_IMAGE_SIZE;
  const inner = await sharp(logo.bytes, logo.kind === '.svg' ? { density: 300 } : {})
    .resize({ width: Math.round(width * 0.7), height: Math.round(height * 0.6), fit: 'inside' })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 4, background: tenant.theme.background ?? '#ffffff' } })
    .composite([{ input: inner, gravity: 'centre' }])
    .png()
    .toBuffer();
}

export function seoRoutes(options: { catalogue: () => CarCatalogue | undefined; clientDir?: string; log: (message: string, error?: unknown) => void }): Router {
  const router = express.Router();
  const notFound = (res: express.Response) => res.status(404).set('cache-control', 'no-store').type('text/plain').send('Not found');

  router.get('/robots.txt', (req, res) => {
    res.set('cache-control', 'public, max-age=3600').type('text/plain').send(robotsTxt(req.tenant!));
  });

  router.get(['/sitemap.xml', '/sitemap-:part.xml'], async (req, res, next) => {
    try {
      const files = await sitemapsFor(req.tenant!, options.catalogue());
      const part = typeof req.params.part === 'string' ? req.params.part : undefined;
      let body = files.root;
      if (part !== undefined) {
        const index = /^[1-9]\d{0,5}$/.test(part) ? Number(part) - 1 : -1;
        const partBody = index < 0 ? undefined : files.parts[index];
        if (partBody === undefined) return notFound(res);
        body = partBody;
      }
      res.set('cache-control', 'public, max-age=3600').type('application/xml').send(body);
    } catch (error) {
      next(error);
    }
  });

  router.get(LOGO_SHARE_IMAGE_PATH, async (req, res) => {
    const tenant = req.tenant!;
    let png = logoCache.get(tenant);
    if (!png) {
      png = renderLogo(tenant, options.clientDir).catch((error) => {
        options.log(`share image of the logo failed (tenant ${tenant.slug})`, error);
        return null;
      });
      logoCache.set(tenant, png);
    }
    const bytes = await png;
    if (!bytes) return notFound(res);
    res.set('cache-control', 'public, max-age=86400').type('image/png').send(bytes);
  });

  router.get('/share-image/cars/:file', async (req, res) => {
    const match = /^(\d{1,15})\.jpg$/.exec(String(req.params.file));
    const car = match ? options.catalogue()?.byIdFor(req.tenant!, Number(match[1])) : undefined;
    const source = car?.primary_image_url?.split('?')[0];
    if (!car || !source) return notFound(res);
    const key = `${car.id}|${source}|${car.colour ?? ''}`;
    let jpeg = carCache.get(key);
    if (!jpeg) {
      const svg = carImageForPath(car, source);
      if (!svg) return notFound(res);
      const { width, height } = SHARE_IMAGE_SIZE;
      jpeg = await sharp(Buffer.from(svg)).resize({ width, height, fit: 'cover' }).flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer();
      carCache.set(key, jpeg);
      if (carCache.size > CAR_CACHE_SIZE) carCache.delete(carCache.keys().next().value!);
    }
    res.set('cache-control', 'public, max-age=300').set('vary', 'Host').type('image/jpeg').send(jpeg);
  });

  return router;
}
