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
  const hue = rng.int(0, 359);
  const rim = rng.pick(['#c5c8cc', '#9ea3a8', '#2d2f33', '#5b5f64']);
  const spokes = rng.pick([5, 6, 10]);
  const label = options.label ?? `${options.colour} ${kind}, ${view} view`;
  if (view === 'interior') return svgDocument(drawInterior(trimHex(options.interiorColour), paint, rng), width, label);
  if (view === 'detail') return svgDocument(drawWheelDetail(paint, rim, spokes, rng.pick(['#b3161b', '#222', '#d4a017'])), width, label);
  const angle = options.angle ?? DEFAULT_ANGLES[view];
  let scene = backdrop(hue, GROUND_Y - 150);
  if (kind === 'motorcycle') {
    scene += drawMotorcycle({ paint, rim, spokes: spokes * 2 }, angle, CENTRE_X, GROUND_Y, 270);
  } else {
    const profile = vehicleProfile(kind, seed);
    const glass = shade('#2b3a4a', rng.float(0.8, 1.1));
    scene += drawExtrudedVehicle(profile, vehicleCamera(profile, angle), { paint, rim, spokes, glass });
  }
  return svgDocument(scene, width, label);
}

/** Stand-in photo for cars without images (served at /media/placeholder.svg). */
export function placeholderSvg(width = DEFAULT_WIDTH): string {
  const profile = vehicleProfile('hatch', 1);
  const scene =
    '<rect width="800" height="600" fill="#e6e7e9"/>' +
    drawExtrudedVehicle(profile, vehicleCamera(profile, 20), { paint: '#c3c6ca', rim: '#d9dbde', spokes: 5, glass: '#b0b4b9' }) +
    '<text x="400" y="540" font-family="sans-serif" font-size="30" fill="#6b6f75" text-anchor="middle">Image coming soon</text>';
  return svgDocument(scene, width, 'No image available');
}
