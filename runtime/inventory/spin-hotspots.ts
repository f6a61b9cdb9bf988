import type { Hotspot, Hotspots } from '../../schemas/generated/car';
import type { Rng } from './prng';
import { EXTERIOR_HOTSPOTS, INTERIOR_HOTSPOTS } from './catalogue/listing-texts';
import type { BodyKind } from './image/body-profiles';
import { facing, project } from './image/projection';
import { VIEW_HEIGHT, VIEW_WIDTH } from './image/svg-helpers';
import { vehicleCamera, vehicleProfile } from './image/vehicle-shape';
import { SPIN_FRAME_COUNT } from './media-paths';

// Hotspots that follow the drawn car: each exterior point is projected with the same camera as the
// spin frames, and gets an anchor only on frames where its surface faces the viewer.

const NORMALS: Record<string, [number, number, number]> = {
  wheels: [0, 0, 1],
  headlights: [1, 0, 0],
  paint: [0, 1, 0],
  tailgate: [-1, 0, 0],
  roof: [0, 1, 0],
};

const round1 = (n: number) => Math.round(n * 10) / 10;

export function spinHotspots(rng: Rng, body: Exclude<BodyKind, 'motorcycle' | 'caravan'>, carSeed: number): Hotspots {
  const profile = vehicleProfile(body, carSeed);
  const top = Math.max(...profile.parts.flatMap((p) => p.points.map(([, y]) => y)));
  const halfWidth = Math.max(...profile.parts.map((p) => p.width)) / 2;
  const exterior: Hotspot[] = rng.sample(EXTERIOR_HOTSPOTS, rng.int(3, EXTERIOR_HOTSPOTS.length)).map((spot) => {
    const normal = NORMALS[spot.id] ?? [0, 0, 1];
    const x = spot.point.x * profile.length;
    const y = spot.point.y * top;
    const z = normal[2] * halfWidth;
    const anchors = [];
    for (let frame = 0; frame < SPIN_FRAME_COUNT; frame++) {
      const camera = vehicleCamera(profile, (frame * 360) / SPIN_FRAME_COUNT);
      if (facing(camera, ...normal) <= 0.15) continue;
      const p = project(camera, x, y, z);
      anchors.push({ posX: round1((p.sx / VIEW_WIDTH) * 100), posY: round1((p.sy / VIEW_HEIGHT) * 100), activeAngle: frame });
    }
    return { id: spot.id, description: spot.description, anchors };
  });
  const interior: Hotspot[] = INTERIOR_HOTSPOTS.map((spot) => ({
    id: spot.id,
    description: spot.description,
    anchors: [{ posX: spot.posX, posY: spot.posY, activeAngle: 0 }],
  }));
  return { exterior, interior };
}
