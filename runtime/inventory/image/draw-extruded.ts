import type { BodyProfile, ExtrudedPart } from './body-profiles';
import { type Camera, facing, lighting, project } from './projection';
import { ellipse, num, polygon, shade, softShadow, type Point } from './svg-helpers';

// Draws a vehicle body as extruded side profiles, painter's order by depth, wheels in front or behind.

export interface VehicleLook {
  paint: string;
  rim: string;
  spokes: number;
  glass: string;
}

interface Face {
  depth: number;
  svg: string;
}

const INTERIOR_FILL = '#1d1e21';

/** Half width of a part at height y: above the beltline the glasshouse leans inwards. */
function halfWidthAt(part: ExtrudedPart, y: number): number {
  const half = part.width / 2;
  if (part.beltline === undefined || y <= part.beltline) return half;
  return half * (1 - 0.16 * Math.min(1, (y - part.beltline) / 0.5));
}

function partFill(part: ExtrudedPart, look: VehicleLook): string {
  return part.fill === 'body' ? look.paint : part.fill;
}

function sidePoint(camera: Camera, part: ExtrudedPart, side: number, [x, y]: Point, outset = 0): { p: Point; depth: number } {
  const r = project(camera, x, y, side * (halfWidthAt(part, y) + outset));
  return { p: [r.sx, r.sy], depth: r.depth };
}

function connectingFaces(camera: Camera, part: ExtrudedPart, look: VehicleLook): Face[] {
  const faces: Face[] = [];
  const points = part.points;
  for (const [i, a] of points.entries()) {
    const b = points[(i + 1) % points.length]!;
    const nx = b[1] - a[1];
    const ny = -(b[0] - a[0]);
    if (facing(camera, nx, ny, 0) <= 0) continue;
    const role = part.edgeRoles?.[i];
    const base = role === 'glass' ? look.glass : role === 'interior' ? INTERIOR_FILL : partFill(part, look);
    const corners = [sidePoint(camera, part, 1, a), sidePoint(camera, part, 1, b), sidePoint(camera, part, -1, b), sidePoint(camera, part, -1, a)];
    const depth = corners.reduce((sum, c) => sum + c.depth, 0) / 4;
    faces.push({
      depth,
      svg: polygon(
        corners.map((c) => c.p),
        shade(base, lighting(camera, nx, ny, 0)),
      ),
    });
  }
  return faces;
}

function sideFaces(camera: Camera, part: ExtrudedPart, look: VehicleLook, profile: BodyProfile): Face[] {
  const faces: Face[] = [];
  for (const side of [1, -1]) {
    if (facing(camera, 0, 0, side) <= 0.02) continue;
    const light = lighting(camera, 0, 0, side);
    const outline = part.points.map((pt) => sidePoint(camera, part, side, pt));
    const depth = outline.reduce((sum, c) => sum + c.depth, 0) / outline.length;
    let svg = polygon(
      outline.map((c) => c.p),
      shade(partFill(part, look), light),
    );
    const xs = part.points.map(([x]) => x);
    const minY = Math.min(...part.points.map(([, y]) => y));
    if (part.fill === 'body' || part.sideWindows) {
      for (const wx of profile.wheels) {
        if (wx < Math.min(...xs) || wx > Math.max(...xs) || minY > profile.wheelRadius * 2) continue;
        const centre = project(camera, wx, profile.wheelRadius, (side * part.width) / 2);
        const squash = Math.abs(Math.cos((camera.angle * Math.PI) / 180));
        svg += ellipse(centre.sx, centre.sy, profile.wheelRadius * 1.12 * camera.scale * squash, profile.wheelRadius * 1.08 * camera.scale, '#111214');
      }
    }
    for (const decal of part.sideDecals ?? [])
      svg += polygon(
        decal.map((pt) => sidePoint(camera, part, side, pt, 0.004).p),
        shade(look.paint, light),
      );
    for (const window of part.sideWindows ?? []) {
      svg += polygon(
        window.map((pt) => sidePoint(camera, part, side, pt, 0.004).p),
        shade(look.glass, light * 1.05),
        `stroke="${shade(look.glass, 0.6)}" stroke-width="1.5"`,
      );
    }
    if (part.fill === 'body' && part.lights?.head !== undefined) {
      const nose = Math.max(...xs);
      const h = part.lights.head;
      svg += polygon(
        [
          [nose - 0.3, h + 0.05],
          [nose - 0.02, h + 0.04],
          [nose - 0.03, h - 0.05],
          [nose - 0.3, h - 0.03],
        ].map((pt) => sidePoint(camera, part, side, pt as Point, 0.006).p),
        '#f4f1e6',
      );
    }
    faces.push({ depth, svg });
  }
  return faces;
}

/** Head lights, grille and plate on the front face; tail lights and plate on the rear face. */
function endFaces(camera: Camera, part: ExtrudedPart): Face[] {
  const faces: Face[] = [];
  const xs = part.points.map(([x]) => x);
  const ends: { x: number; normal: number; height?: number; light: string }[] = [
    { x: Math.max(...xs) + 0.01, normal: 1, height: part.lights?.head, light: '#fbf7e8' },
    { x: Math.min(...xs) - 0.01, normal: -1, height: part.lights?.tail, light: '#c8141b' },
  ];
  for (const end of ends) {
    if (end.height === undefined || facing(camera, end.normal, 0, 0) <= 0.05) continue;
    const half = part.width / 2;
    const quad = (y0: number, y1: number, z0: number, z1: number): Point[] =>
      (
        [
          [y0, z0],
          [y0, z1],
          [y1, z1],
          [y1, z0],
        ] as const
      ).map(([y, z]) => {
        const r = project(camera, end.x, y, z);
        return [r.sx, r.sy] as Point;
      });
    const h = end.height;
    let svg = polygon(quad(h - 0.06, h + 0.06, half * 0.55, half * 0.92), end.light) + polygon(quad(h - 0.06, h + 0.06, -half * 0.55, -half * 0.92), end.light);
    if (end.normal === 1) svg += polygon(quad(h - 0.2, h + 0.04, -half * 0.45, half * 0.45), '#202226');
    svg += polygon(quad(h - 0.36, h - 0.24, -0.26, 0.26), '#f7f7f2', 'stroke="#333" stroke-width="1"');
    faces.push({ depth: project(camera, end.x, h, 0).depth + 0.01, svg });
  }
  return faces;
}

function wheel(camera: Camera, profile: BodyProfile, look: VehicleLook, x: number, side: number): string {
  const r = profile.wheelRadius;
  const t = (camera.angle * Math.PI) / 180;
  const squash = Math.abs(Math.cos(t));
  const outer = project(camera, x, r, side * profile.track);
  const inner = project(camera, x, r, side * (profile.track - 0.24));
  const rx = r * camera.scale * squash;
  const ry = r * camera.scale;
  let svg = ellipse(inner.sx, inner.sy, rx, ry, '#0d0d0e');
  const top = (p: { sx: number; sy: number }) => [p.sx, p.sy - ry] as Point;
  const bottom = (p: { sx: number; sy: number }) => [p.sx, p.sy + ry] as Point;
  svg += polygon([top(inner), top(outer), bottom(outer), bottom(inner)], '#141415');
  svg += ellipse(outer.sx, outer.sy, rx, ry, '#1a1a1c');
  if (facing(camera, 0, 0, side) > 0.05) {
    const rimR = 0.64;
    svg += ellipse(outer.sx, outer.sy, rx * rimR, ry * rimR, look.rim);
    const spokes: string[] = [];
    for (let k = 0; k < look.spokes; k++) {
      const a = (k / look.spokes) * Math.PI * 2 + x;
      spokes.push(`M${num(outer.sx)} ${num(outer.sy)}L${num(outer.sx + Math.cos(a) * rx * rimR * 0.92)} ${num(outer.sy + Math.sin(a) * ry * rimR * 0.92)}`);
    }
    svg += `<path d="${spokes.join('')}" stroke="${shade(look.rim, 0.55)}" stroke-width="${num(Math.max(1.5, ry * 0.07))}"/>`;
    svg += ellipse(outer.sx, outer.sy, rx * 0.16, ry * 0.16, shade(look.rim, 0.7));
  }
  return svg;
}

/** The vehicle's shadow on the floor, from its four ground corners. */
function shadow(camera: Camera, profile: BodyProfile, width: number): string {
  const corners = (
    [
      [0, 1],
      [0, -1],
      [profile.length, 1],
      [profile.length, -1],
    ] as const
  ).map(([x, s]) => project(camera, x, 0, (s * width) / 2));
  const xs = corners.map((c) => c.sx);
  const ys = corners.map((c) => c.sy);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  return softShadow(cx, cy + 4, (Math.max(...xs) - Math.min(...xs)) / 2 + 40, (Math.max(...ys) - Math.min(...ys)) / 2 + 22);
}

export function drawExtrudedVehicle(profile: BodyProfile, camera: Camera, look: VehicleLook): string {
  const faces: Face[] = [];
  for (const part of profile.parts) faces.push(...connectingFaces(camera, part, look), ...sideFaces(camera, part, look, profile), ...endFaces(camera, part));
  faces.sort((a, b) => a.depth - b.depth);
  const behind: string[] = [];
  const front: string[] = [];
  for (const x of profile.wheels) {
    for (const side of [1, -1]) (facing(camera, 0, 0, side) > 0.25 ? front : behind).push(wheel(camera, profile, look, x, side));
  }
  const widest = Math.max(...profile.parts.map((p) => p.width));
  return shadow(camera, profile, widest) + behind.join('') + faces.map((f) => f.svg).join('') + front.join('');
}
