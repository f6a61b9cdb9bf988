import { num, shade } from './svg-helpers';

// Showroom-style background: a wall with panels and a floor; the hue varies a little per car.

export function backdrop(hue: number, horizonY: number): string {
  const wall = `hsl(${Math.round(hue)},18%,88%)`;
  const wallDark = `hsl(${Math.round(hue)},16%,78%)`;
  const floor = `hsl(${Math.round(hue)},8%,70%)`;
  const floorNear = `hsl(${Math.round(hue)},8%,58%)`;
  let panels = '';
  for (let x = 0; x < 800; x += 160) panels += `<rect x="${x + 6}" y="30" width="148" height="${num(horizonY - 60)}" fill="${wallDark}" opacity="0.35"/>`;
  return (
    `<defs><linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floor}"/><stop offset="1" stop-color="${floorNear}"/></linearGradient></defs>` +
    `<rect width="800" height="600" fill="${wall}"/>` +
    panels +
    `<rect y="${num(horizonY)}" width="800" height="${num(600 - horizonY)}" fill="url(#floor)"/>` +
    `<rect y="${num(horizonY - 3)}" width="800" height="3" fill="${shade('#808080', 0.8)}" opacity="0.5"/>`
  );
}
