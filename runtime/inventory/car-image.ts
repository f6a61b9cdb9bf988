import { createRng } from './prng';
import { colourHex } from './catalogue/colours';
import { backdrop } from './image/backdrop';
import { BODY_KINDS, type BodyKind } from './image/body-profiles';
import { drawWheelDetail } from './image/draw-detail';
import { drawExtrudedVehicle } from './image/draw-extruded';
import { drawInterior } from './image/draw-interior';
import { drawMotorcycle } from './image/draw-motorcycle';
import { shade, svgDocument } from './image/svg-helpers';
import { CENTRE_X, GROUND_Y, vehicleCamera, vehicleProfile } from './image/vehicle-shape';

// Generated vehicle photos as SVG: no network, no files; the same inputs always give the same drawing.

export type { BodyKind } from './image/body-profiles';
export { BODY_KINDS } from './image/body-profiles';

export type CarImageView = 'side' | 'front' | 'rear' | 'interior' | 'detail';

export interface CarImageOptions {
  /** A BodyKind, or a simple_body value such as 'Cab Chassis'. */
  body: BodyKind | string;
  /** Colour name (e.g. 'Soul Red Crystal') or hex. */
  colour: string;
  seed: number;
  view: CarImageView;
  /** Degrees 0..359 the vehicle is turned; 0 shows the side with the nose to the right, 90 the front. */
  angle?: number;
  width?: number;
  interiorColour?: string;
  label?: string;
}

const DEFAULT_WIDTH = 800;
const DEFAULT_ANGLES: Record<'side' | 'front' | 'rear', number> = { side: 25, front: 62, rear: 236 };

const SIMPLE_BODY_KINDS: Record<string, BodyKind> = {
  sedan: 'sedan',
  hatch: 'hatch',
  hatchback: 'hatch',
  suv: 'suv',
  ute: 'ute',
  wagon: 'wagon',
  van: 'van',
  coupe: 'coupe',
  convertible: 'convertible',
  'cab chassis': 'cab-chassis',
  'people mover': 'people-mover',
  caravan: 'caravan',
  motorcycle: 'motorcycle',
};

/** Drawing kind for a car's simple_body / item_type; unknown bodies draw as a sedan. */
export function bodyKindOf(simpleBody: string | null | undefined, itemType?: string | null): BodyKind {
  if (itemType === 'caravan') return 'caravan';
  if (itemType === 'motorcycle') return 'motorcycle';
  const key = (simpleBody ?? '').trim().toLowerCase();
  if ((BODY_KINDS as string[]).includes(key)) return key as BodyKind;
  return SIMPLE_BODY_KINDS[key] ?? 'sedan';
}

const INTERIOR_TRIMS: [string, string][] = [
  ['beige', '#cbb894'],
  ['tan', '#a8744a'],
  ['red', '#7d1d1d'],
  ['grey', '#6b6e72'],
  ['black', '#2a2b2f'],
];

function trimHex(interior: string | undefined): string {
  const lower = (interior ?? 'black').toLowerCase();
  return INTERIOR_TRIMS.find(([name]) => lower.includes(name))?.[1] ?? '#2a2b2f';
}

export function carImageSvg(options: CarImageOptions): string {
  const { seed, view } = options;
  const width = options.width ?? DEFAULT_WIDTH;
  const kind = bodyKindOf(options.body);
  const paint = options.colour.startsWith('#') ? options.colour : colourHex(options.colour);
  const rng = createRng(seed);
  const rim = rng.pick(['#c5c8cc', '#9ea3a8', '#2d2f33', '#5b5f64']);
  const spokes = rng.pick([5, 6, 10]);
  const label = options.label ?? `${options.colour} ${kind}, ${view} view`;
  const shows = { body: kind, view, paint };
  if (view === 'interior') return svgDocument(drawInterior(trimHex(options.interiorColour), paint, rng), width, label, shows);
  if (view === 'detail') return svgDocument(drawWheelDetail(paint, rim, spokes, rng.pick(['#b3161b', '#222', '#d4a017'])), width, label, shows);
  const angle = options.angle ?? DEFAULT_ANGLES[view];
  const scene = backdrop(GROUND_Y - 150) + drawVehicle(kind, seed, angle, { paint, rim, spokes, glass: shade('#2b3a4a', rng.float(0.8, 1.1)) });
  return svgDocument(scene, width, label, { ...shows, angle: String(angle) });
}

function drawVehicle(kind: BodyKind, seed: number, angle: number, look: { paint: string; rim: string; spokes: number; glass: string }): string {
  if (kind === 'motorcycle') return drawMotorcycle({ paint: look.paint, rim: look.rim, spokes: look.spokes * 2 }, angle, CENTRE_X, GROUND_Y, 270);
  const profile = vehicleProfile(kind, seed);
  return drawExtrudedVehicle(profile, vehicleCamera(profile, angle), look);
}

/** The catalogue's three-quarter angle: every car's first photo and every placeholder stand this way. */
export const CATALOGUE_ANGLE = 28;

/**
 * Stand-in photo for a car without images (served at /media/placeholder.svg): with the car's body, a pale drawing of
 * that body at the catalogue angle, so a ute never stands in for a hatch; without one, a camera and the words only.
 */
export function placeholderSvg(width = DEFAULT_WIDTH, body?: BodyKind): string {
  const words = '<text x="400" y="560" font-family="sans-serif" font-size="30" fill="#5f646b" text-anchor="middle">Image coming soon</text>';
  if (!body) {
    const camera =
      '<rect x="310" y="200" width="180" height="120" rx="18" fill="none" stroke="#9aa0a6" stroke-width="10"/>' +
      '<circle cx="400" cy="262" r="36" fill="none" stroke="#9aa0a6" stroke-width="10"/><rect x="345" y="182" width="50" height="22" rx="6" fill="#9aa0a6"/>';
    return svgDocument(backdrop(GROUND_Y - 150) + camera + words, width, 'No image available');
  }
  const pale = { paint: '#c9ccd0', rim: '#dcdee1', spokes: 5, glass: '#aeb3b9' };
  return svgDocument(backdrop(GROUND_Y - 150) + drawVehicle(body, 1, CATALOGUE_ANGLE, pale) + words, width, 'No image available', {
    body,
    view: 'placeholder',
  });
}
