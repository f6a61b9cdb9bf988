// The image a shared link shows (Open Graph, Twitter cards): an absolute raster address, because social sites do not
// show SVG. A site's SVG logo and the drawn SVG car photos are served as PNG/JPEG by the server (runtime/server/routes/seo.ts).
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { feedPhotoVariantUrl, isFeedPhoto } from '../images/variants';
import { absoluteImageUrl, absoluteSiteUrl } from './site-address';

type Site = Pick<TenantDocument, 'slug' | 'url' | 'domains' | 'theme'>;

export const LOGO_SHARE_IMAGE_PATH = '/share-image/logo.png';
export const carShareImagePath = (carId: number) => `/share-image/cars/${carId}.jpg`;
/** Open Graph's recommended size of a share image. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const RASTER = /\.(png|jpe?g|gif|webp)(\?.*)?$/i;
const CAR_PHOTO = /^\/media\/cars\/(\d+)\/\d+\.svg(\?.*)?$/;

export const isRasterImage = (src: string) => RASTER.test(src);

/** The site's logo as a raster image address: the logo itself when it is raster, else its PNG rendering. */
export function logoShareImage(site: Site): string {
  const logo = site.theme.logo.url;
  return isRasterImage(logo) ? absoluteImageUrl(site, logo) : absoluteSiteUrl(site, LOGO_SHARE_IMAGE_PATH);
}

/** The share image of a page: a car's photo as JPEG (drawn or from a feed), its own image when raster, else the site's logo. */
export function shareImage(site: Site, image: string | undefined | null, carId?: number): string {
  // A feed's photo as the site's own JPEG variant: raster whatever the feed's address looks like.
  if (image && carId !== undefined && isFeedPhoto(image)) return absoluteSiteUrl(site, feedPhotoVariantUrl(carId, image, SHARE_IMAGE_SIZE.width, 'jpeg'));
  if (image && isRasterImage(image)) return absoluteImageUrl(site, image);
  if (image && carId !== undefined && CAR_PHOTO.exec(image)?.[1] === String(carId)) return absoluteSiteUrl(site, carShareImagePath(carId));
  return logoShareImage(site);
}
