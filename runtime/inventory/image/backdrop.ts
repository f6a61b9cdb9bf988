import { num } from './svg-helpers';

// A catalogue studio: one light grey sweep for every car (wall fading into floor, no horizon line), a soft pool of
// light behind the vehicle, so a page of cards reads as one catalogue and only the cars differ.

export function backdrop(horizonY: number): string {
  return (
    '<defs><linearGradient id="studio" x1="0" y1="0" x2="0" y2="1">' +
    `<stop offset="0" stop-color="#f4f5f7"/><stop offset="${num(horizonY / 600)}" stop-color="#e7e9ec"/><stop offset="1" stop-color="#d5d8dc"/>` +
    '</linearGradient><radialGradient id="studio-light" cx="0.5" cy="0.55" r="0.55"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/>' +
    '<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>' +
    '<rect width="800" height="600" fill="url(#studio)"/><rect width="800" height="600" fill="url(#studio-light)"/>'
  );
}
