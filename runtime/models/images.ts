// Model images and make logos, drawn on request (no files, no network) like the cars' photos.
import { bodyKindOf, CATALOGUE_ANGLE, carImageSvg } from '../inventory/car-image';
import { catalogueModelBySlug, type CatalogueModel } from './catalogue';

/** The drawn three-quarter view of a model, or null for an unknown slug. */
export function modelImageSvg(slug: string, width?: number): string | null {
  const entry: CatalogueModel | undefined = catalogueModelBySlug(slug);
  if (!entry) return null;
  const itemType = entry.kind === 'car' ? null : entry.kind;
  return carImageSvg({
    body: bodyKindOf(entry.model.body[0], itemType),
    colour: entry.colour,
    seed: entry.model.id,
    view: 'side',
    angle: CATALOGUE_ANGLE,
    width,
    label: `${entry.make} ${entry.model.name}`,
  });
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TILE_COLOURS = ['#1d2430', '#0b3d91', '#8a1c1c', '#1f5f3a', '#5b2a86', '#7a4a00', '#12606e', '#3b3f46'];

/** The first letters of a make's words, at most two ('Mercedes-Benz' MB, 'Mazda' M, 'Alfa Romeo' AR). */
export function makeMonogram(name: string): string {
  const words = name.split(/[\s-]+/).filter((w) => /[A-Za-z0-9]/.test(w));
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => w.match(/[A-Za-z0-9]/)![0]) : [(words[0] ?? '?').match(/[A-Za-z0-9]/)?.[0] ?? '?'];
  return letters.join('').toUpperCase();
}

/**
 * A make's logo tile (docs/requirements/dealer-services.md#data Manufacturer logo.url): a monogram badge and the name as a wordmark, drawn from the
 * name alone. The brands' own logos are trademarks and not ours to copy.
 */
export function makeLogoSvg(name: string): string {
  const label = escapeXml(name);
  const text = escapeXml(name.toUpperCase());
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const colour = TILE_COLOURS[hash % TILE_COLOURS.length];
  const size = Math.min(26, Math.floor(260 / Math.max(5, name.length)) + 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80" role="img" aria-label="${label}"><title>${label}</title><rect width="240" height="80" rx="10" fill="#fff"/><circle cx="40" cy="40" r="26" fill="${colour}"/><text x="40" y="48" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-weight="800" font-size="22" fill="#fff">${escapeXml(makeMonogram(name))}</text><text x="152" y="${40 + size * 0.35}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-weight="800" letter-spacing="1" font-size="${size}" fill="#1d2430" textLength="${Math.min(150, name.length * size * 0.72)}" lengthAdjust="spacingAndGlyphs">${text}</text></svg>`;
}
