// URLs of generated car media; the server serves them through carImageForPath (car-image-path.ts).
import { BODY_KINDS, type BodyKind } from './image/body-profiles';

export const PLACEHOLDER_IMAGE_URL = '/media/placeholder.svg';
/** The stand-in picture of a car without photos, drawn as its own body (a ute's is a ute). */
export const placeholderImageUrl = (body: BodyKind): string => `${PLACEHOLDER_IMAGE_URL}?body=${body}`;
const THUMB_WIDTH = 320;
export const SPIN_FRAME_COUNT = 36;

export const photoUrl = (carId: number, index: number): string => `/media/cars/${carId}/${index}.svg`;
export const thumbUrl = (carId: number, index: number): string => `${photoUrl(carId, index)}?w=${THUMB_WIDTH}`;
export const spinFrameUrl = (carId: number, frame: number): string => `/media/cars/${carId}/spin/${frame}.svg`;
export const spinInteriorUrl = (carId: number): string => `/media/cars/${carId}/interior.svg`;
export const historyReportUrl = (carId: number): string => `/media/cars/${carId}/history-report.pdf`;

export type MediaRequest =
  | { kind: 'photo'; carId: number; index: number; width?: number }
  | { kind: 'spin'; carId: number; frame: number; width?: number }
  | { kind: 'interior'; carId: number; width?: number }
  | { kind: 'placeholder'; width?: number; body?: BodyKind };

const CAR_MEDIA = /^\/media\/cars\/(\d+)\/(?:(\d+)|spin\/(\d+)|(interior))\.svg$/;

/** Reads a media path (with optional ?w=) back into what it shows; null when it is not one of ours. */
export function parseMediaPath(pathWithQuery: string): MediaRequest | null {
  const [path = '', query = ''] = pathWithQuery.split('?');
  const widthParam = new URLSearchParams(query).get('w');
  const parsedWidth = widthParam === null ? undefined : Number(widthParam);
  const width = parsedWidth !== undefined && Number.isInteger(parsedWidth) && parsedWidth >= 16 && parsedWidth <= 4000 ? parsedWidth : undefined;
  if (path === PLACEHOLDER_IMAGE_URL) {
    const body = new URLSearchParams(query).get('body');
    return (BODY_KINDS as string[]).includes(body ?? '') ? { kind: 'placeholder', width, body: body as BodyKind } : { kind: 'placeholder', width };
  }
  const match = CAR_MEDIA.exec(path);
  if (!match) return null;
  const carId = Number(match[1]);
  if (match[2] !== undefined) return { kind: 'photo', carId, index: Number(match[2]), width };
  if (match[3] !== undefined) return { kind: 'spin', carId, frame: Number(match[3]), width };
  return { kind: 'interior', carId, width };
}
