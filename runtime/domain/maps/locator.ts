// The offline location locator's projection: shared by the server's picture of Australia (locator-svg.ts) and the pin a
// page draws over it, so the pin sits at the location's real coordinates on the drawn coastline and borders.
// Equirectangular, east–west distances scaled by the cosine of 27°S (the middle of the continent), which keeps
// Australia's shape to within a few per cent at this size. Pure and tiny: it ships to browsers with the map component.

const WEST = 112;
const EAST = 155;
const NORTH = -9;
const SOUTH = -44.5;
/** Picture units per degree of latitude. */
const SCALE = 10;
const EAST_WEST = Math.cos((27 * Math.PI) / 180);

export const LOCATOR_WIDTH = Math.round((EAST - WEST) * EAST_WEST * SCALE);
export const LOCATOR_HEIGHT = Math.round((NORTH - SOUTH) * SCALE);
/** The picture of Australia and its states; the version changes with the drawing, so it may be cached for a year. */
export const LOCATOR_MAP_URL = '/media/maps/australia.v1.svg';

const round = (n: number) => Math.round(n * 10) / 10;

/** Where longitude/latitude falls on the picture (may be outside it). */
export function projectLocator(lng: number, lat: number): { x: number; y: number } {
  return { x: round((lng - WEST) * EAST_WEST * SCALE), y: round((NORTH - lat) * SCALE) };
}

/** The pin's place for a location, or null when its coordinates are not on the picture (not in or near Australia). */
export function locatorPoint(lat: number, lng: number): { x: number; y: number } | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || lng < WEST || lng > EAST || lat > NORTH || lat < SOUTH) return null;
  return projectLocator(lng, lat);
}
