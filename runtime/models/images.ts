// Model images and make logos, drawn on request (no files, no network) like the cars' photos.
import { bodyKindOf, carImageSvg } from '../inventory/car-image';
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
    angle: 28,
    width,
    label: `${entry.make} ${entry.model.name}`,
  });
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain wordmark for a make (seed 001 §3 Manufacturer logo.url); the brands' own logos are not ours to draw. */
export function makeLogoSvg(name: string): string {
  const text = escapeXml(name.toUpperCase());
  const size = Math.min(40, Math.floor(300 / Math.max(4, name.length)) + 8);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80" role="img" aria-label="${escapeXml(name)}"><title>${escapeXml(name)}</title><rect width="240" height="80" rx="10" fill="#fff"/><text x="120" y="${40 + size * 0.35}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-weight="800" letter-spacing="2" font-size="${size}" fill="#1d2430">${text}</text></svg>`;
}
