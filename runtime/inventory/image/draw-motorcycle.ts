import { ellipse, num, polygon, shade, type Point, softShadow } from './svg-helpers';

// A side-on motorcycle; spin angles squash it (and mirror it past 90 degrees) so frames still turn.

export interface MotorcycleLook {
  paint: string;
  rim: string;
  spokes: number;
}

export function drawMotorcycle(look: MotorcycleLook, angle: number, centreX: number, groundY: number, scale: number): string {
  const t = (angle * Math.PI) / 180;
  const squash = Math.max(0.18, Math.abs(Math.cos(t)));
  const mirror = Math.cos(t) < 0 ? -1 : 1;
  // Body coordinates in metres: x from -1.1 (rear) to 1.1 (front), y up. The nearer end sits lower,
  // as seen from a slightly raised camera, so frames facing towards and away from the viewer differ.
  const drop = Math.sin(t) * 0.16 * scale;
  const at = (x: number, y: number): Point => [centreX + x * scale * squash * mirror, groundY - y * scale + x * drop];
  const wheelAt = (x: number) => {
    const [cx, cy] = at(x, 0.32);
    const rx = 0.32 * scale * squash;
    const ry = 0.32 * scale;
    let svg = ellipse(cx, cy, rx, ry, '#161617') + ellipse(cx, cy, rx * 0.72, ry * 0.72, look.rim);
    const spokes: string[] = [];
    for (let k = 0; k < look.spokes; k++) {
      const a = (k / look.spokes) * Math.PI * 2;
      spokes.push(`M${num(cx)} ${num(cy)}L${num(cx + Math.cos(a) * rx * 0.7)} ${num(cy + Math.sin(a) * ry * 0.7)}`);
    }
    return svg + `<path d="${spokes.join('')}" stroke="${shade(look.rim, 0.5)}" stroke-width="2"/>` + ellipse(cx, cy, rx * 0.18, ry * 0.18, '#555');
  };
  const shadowWidth = (1.2 * squash + 0.25 * (1 - squash)) * scale;
  let svg = softShadow(centreX, groundY + 6, shadowWidth + 30, 18 + 12 * (1 - squash));
  svg += wheelAt(-0.72) + wheelAt(0.74);
  svg += `<path d="M${at(-0.72, 0.32).map(num).join(' ')}L${at(-0.1, 0.5).map(num).join(' ')}L${at(0.35, 0.62).map(num).join(' ')}" stroke="#2a2b2e" stroke-width="${num(scale * 0.06)}" fill="none"/>`;
  svg += polygon([at(-0.25, 0.45), at(0.3, 0.42), at(0.2, 0.2), at(-0.2, 0.22)], '#3b3d41');
  svg += `<path d="M${at(0.74, 0.32).map(num).join(' ')}L${at(0.5, 0.95).map(num).join(' ')}" stroke="#9a9ca0" stroke-width="${num(scale * 0.045)}"/>`;
  svg += polygon([at(-0.1, 0.72), at(0.45, 0.78), at(0.42, 0.6), at(-0.05, 0.55)], look.paint, `stroke="${shade(look.paint, 0.6)}" stroke-width="2"`);
  svg += polygon([at(-0.75, 0.68), at(-0.1, 0.72), at(-0.05, 0.62), at(-0.7, 0.6)], '#18191b');
  svg += polygon([at(-0.95, 0.62), at(-0.7, 0.68), at(-0.68, 0.6), at(-0.95, 0.56)], look.paint);
  svg += `<path d="M${at(-0.4, 0.3).map(num).join(' ')}L${at(-1.0, 0.42).map(num).join(' ')}" stroke="#b8babd" stroke-width="${num(scale * 0.07)}" stroke-linecap="round"/>`;
  svg += polygon([at(0.45, 0.98), at(0.62, 1.0), at(0.6, 0.85), at(0.48, 0.82)], shade(look.paint, 0.85));
  svg += ellipse(...at(0.6, 0.9), Math.max(4, 0.07 * scale * squash), 0.07 * scale, '#fbf7e8');
  // handlebars spread out as the bike turns head-on
  const [barX, barY] = at(0.42, 1.04);
  const spread = 0.38 * scale * Math.abs(Math.sin(t)) + 4;
  svg += `<path d="M${num(barX - spread)} ${num(barY)}L${num(barX + spread)} ${num(barY)}" stroke="#222" stroke-width="${num(scale * 0.035)}" stroke-linecap="round"/>`;
  return svg;
}
