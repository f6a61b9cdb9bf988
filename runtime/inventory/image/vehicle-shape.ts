import { createRng } from '../prng';
import { BODY_PROFILES, type BodyKind, type BodyProfile } from './body-profiles';
import type { Camera } from './projection';

// The per-car shape and camera: small proportions vary by seed, and spin frames share one scale.

export const GROUND_Y = 470;
export const CENTRE_X = 400;

function scaleProfile(profile: BodyProfile, sx: number, sy: number): BodyProfile {
  return {
    ...profile,
    length: profile.length * sx,
    wheels: profile.wheels.map((x) => x * sx),
    parts: profile.parts.map((part) => ({
      ...part,
      points: part.points.map(([x, y]) => [x * sx, y * sy] as [number, number]),
      sideWindows: part.sideWindows?.map((w) => w.map(([x, y]) => [x * sx, y * sy] as [number, number])),
      sideDecals: part.sideDecals?.map((w) => w.map(([x, y]) => [x * sx, y * sy] as [number, number])),
      beltline: part.beltline === undefined ? undefined : part.beltline * sy,
      lights: part.lights && { head: part.lights.head && part.lights.head * sy, tail: part.lights.tail && part.lights.tail * sy },
    })),
  };
}

/** Profile of a body with this car's small variations (length, height, single or tandem caravan axle). */
export function vehicleProfile(kind: Exclude<BodyKind, 'motorcycle'>, seed: number): BodyProfile {
  const rng = createRng(seed ^ 0x5eed);
  const base = BODY_PROFILES[kind];
  const varied = scaleProfile(base, rng.float(0.97, 1.03), rng.float(0.96, 1.04));
  const [frontAxle] = varied.wheels;
  if (kind === 'caravan' && frontAxle !== undefined && rng.chance(0.4)) return { ...varied, wheels: [frontAxle + 0.35] };
  return varied;
}

export function vehicleCamera(profile: BodyProfile, angle: number): Camera {
  return {
    angle: ((angle % 360) + 360) % 360,
    scale: 600 / Math.max(profile.length, 4.2),
    centreX: CENTRE_X,
    groundY: GROUND_Y,
    halfLength: profile.length / 2,
  };
}
