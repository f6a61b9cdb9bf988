// The vehicle gallery's extra media (docs/requirements/vehicle-browsing.md#states): the car's external video and the Impel walkaround viewer.
import type { Car } from '../../../schemas/generated/car';
import { isStandInPath } from '../stand-ins';

// ---------------------------------------------------------------------------------------------------------------
// External video (external_video_url): YouTube without cookies, Vimeo with do-not-track, loaded only on a click;
// any other https address is a link (it is never framed).

export type ExternalVideo = { kind: 'youtube' | 'vimeo'; embedUrl: string; url: string } | { kind: 'link'; url: string };

export const EXTERNAL_VIDEO_HEADING = 'Video';
const YOUTUBE_FRAME_ORIGIN = 'https://www.youtube-nocookie.com';
export const VIMEO_FRAME_ORIGIN = 'https://player.vimeo.com';

export function externalVideo(raw: string | null | undefined): ExternalVideo | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com')
    youtube = url.pathname === '/watch' ? url.searchParams.get('v') : (/^\/(?:embed|shorts)\/([^/]+)/.exec(url.pathname)?.[1] ?? null);
  if (youtube && /^[A-Za-z0-9_-]{11}$/.test(youtube))
    return { kind: 'youtube', url: raw, embedUrl: `${YOUTUBE_FRAME_ORIGIN}/embed/${youtube}?autoplay=1&rel=0` };
  const vimeo =
    host === 'vimeo.com'
      ? /^\/(\d{4,12})\/?$/.exec(url.pathname)?.[1]
      : host === 'player.vimeo.com'
        ? /^\/video\/(\d{4,12})\/?$/.exec(url.pathname)?.[1]
        : undefined;
  if (vimeo) return { kind: 'vimeo', url: raw, embedUrl: `${VIMEO_FRAME_ORIGIN}/video/${vimeo}?autoplay=1&dnt=1` };
  return url.protocol === 'https:' ? { kind: 'link', url: raw } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Impel walkaround (docs/requirements/vehicle-browsing.md#states: cars with fewer than 2 images, or no impel setting, get no extra gallery feature).

const IMPEL_MIN_IMAGES = 2;

/** The walkaround viewer address for the car, or null (no setting, too few images, or no VIN/stock number to name). */
export function impelViewerUrl(car: Pick<Car, 'vin' | 'stocknum' | 'images'>, template: string | null | undefined): string | null {
  if (!template) return null;
  const images = (car.images ?? []).filter((i) => !i.isVideo && i.image?.url).length;
  if (images < IMPEL_MIN_IMAGES) return null;
  if ((template.includes('{vin}') && !car.vin) || (template.includes('{stocknum}') && !car.stocknum)) return null;
  const url = template.replaceAll('{vin}', encodeURIComponent(car.vin ?? '')).replaceAll('{stocknum}', encodeURIComponent(car.stocknum ?? ''));
  if (isStandInPath(url)) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The https origin of the site's impel viewer (for its CSP frame-src), or null. */
export function impelOrigin(template: string | null | undefined): string | null {
  if (!template) return null;
  try {
    const u = new URL(template.replaceAll('{vin}', 'x').replaceAll('{stocknum}', 'x'));
    return u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}
