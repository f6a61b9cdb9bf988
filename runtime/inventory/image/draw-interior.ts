import type { Rng } from '../prng';
import { ellipse, num, polygon, shade } from './svg-helpers';

// Cabin from the rear seat: windscreen, dash, right-hand-drive steering wheel, screen and seats.

export function drawInterior(trim: string, accent: string, rng: Rng): string {
  const screenWide = rng.chance(0.5);
  const sky = `hsl(${rng.int(190, 215)},45%,${rng.int(70, 82)}%)`;
  let svg = `<rect width="800" height="600" fill="#2a2b2e"/>`;
  svg += polygon(
    [
      [90, 40],
      [710, 40],
      [770, 250],
      [30, 250],
    ],
    sky,
  );
  svg += polygon(
    [
      [30, 250],
      [770, 250],
      [800, 210],
      [800, 0],
      [0, 0],
      [0, 210],
    ],
    '#222326',
    'opacity="0.6"',
  );
  svg += `<path d="M0 330 Q400 220 800 330 L800 420 L0 420 Z" fill="${shade(trim, 0.45)}"/>`;
  svg += `<rect x="0" y="318" width="800" height="10" fill="${accent}" opacity="0.85"/>`;
  const screenWidth = screenWide ? 220 : 140;
  svg += `<rect x="${400 - screenWidth / 2}" y="250" width="${screenWidth}" height="80" rx="8" fill="#0f1a2a" stroke="#555" stroke-width="3"/>`;
  svg += `<rect x="${400 - screenWidth / 2 + 12}" y="262" width="${screenWidth / 2 - 18}" height="56" rx="4" fill="#2d6cdf" opacity="0.8"/>`;
  // Australia is right-hand drive: the wheel sits on the right.
  svg += ellipse(575, 330, 105, 100, 'none', `stroke="#151517" stroke-width="22"`);
  svg += `<path d="M480 345 L670 345 M575 345 L575 425" stroke="#151517" stroke-width="20"/>`;
  svg += ellipse(575, 345, 32, 28, '#2b2c30');
  svg += `<rect x="375" y="420" width="50" height="90" rx="10" fill="#18191b"/>`;
  for (const x of [130, 560]) {
    svg += `<path d="M${x} 600 L${x + 10} 470 Q${x + 55} 430 ${x + 100} 470 L${x + 110} 600 Z" fill="${trim}"/>`;
    svg += `<rect x="${x + 30}" y="405" width="50" height="55" rx="12" fill="${shade(trim, 0.85)}"/>`;
    svg += `<path d="M${x + 25} 520 L${x + 85} 520" stroke="${shade(trim, 0.7)}" stroke-width="3"/>`;
  }
  svg += `<text x="${num(400)}" y="296" font-family="sans-serif" font-size="14" fill="#fff" text-anchor="middle" opacity="0.8">${screenWide ? '12.3&quot; display' : '8&quot; display'}</text>`;
  return svg;
}
