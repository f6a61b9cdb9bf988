import { ellipse, num, shade } from './svg-helpers';

// Close-up of a wheel in its arch, the usual "detail" photo in a dealer gallery.

export function drawWheelDetail(paint: string, rim: string, spokes: number, caliper: string): string {
  let svg = `<rect width="800" height="600" fill="${shade(paint, 0.9)}"/>`;
  svg += `<path d="M0 0 L800 0 L800 140 Q400 90 0 150 Z" fill="${shade(paint, 1.15)}"/>`;
  svg += ellipse(400, 360, 300, 290, '#0e0e10');
  svg += ellipse(400, 380, 250, 250, '#1b1b1d');
  svg += ellipse(400, 380, 170, 170, shade(rim, 0.5));
  svg += ellipse(400, 380, 120, 120, '#6d6f73');
  svg += `<rect x="470" y="300" width="46" height="110" rx="14" fill="${caliper}"/>`;
  const arms: string[] = [];
  for (let k = 0; k < spokes; k++) {
    const a = (k / spokes) * Math.PI * 2;
    arms.push(`M${num(400 + Math.cos(a) * 40)} ${num(380 + Math.sin(a) * 40)}L${num(400 + Math.cos(a) * 165)} ${num(380 + Math.sin(a) * 165)}`);
  }
  svg += `<path d="${arms.join('')}" stroke="${rim}" stroke-width="26" stroke-linecap="round"/>`;
  svg += ellipse(400, 380, 48, 48, rim) + ellipse(400, 380, 18, 18, shade(rim, 0.6));
  svg += ellipse(400, 380, 170, 170, 'none', `stroke="${shade(rim, 1.2)}" stroke-width="8"`);
  return svg;
}
