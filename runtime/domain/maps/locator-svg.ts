// The locator's picture of Australia: coastline, state borders and state names, one SVG for every site and location
// (the page draws the location's pin over it). Built once on the server from australia.ts.
import { ACT, BORDERS, MAINLAND, type Ring, STATE_LABELS, TASMANIA } from './australia';
import { LOCATOR_HEIGHT, LOCATOR_WIDTH, projectLocator } from './locator';

const pathOf = (ring: Ring, close: boolean) =>
  ring
    .map(([lng, lat], i) => {
      const { x, y } = projectLocator(lng, lat);
      return `${i === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join('') + (close ? 'Z' : '');

let cached: string | undefined;

export function australiaLocatorSvg(): string {
  cached ??= [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${LOCATOR_WIDTH} ${LOCATOR_HEIGHT}" width="${LOCATOR_WIDTH}" height="${LOCATOR_HEIGHT}">`,
    `<rect width="100%" height="100%" fill="#dce9f2"/>`,
    `<path id="land" d="${pathOf(MAINLAND, true)}${pathOf(TASMANIA, true)}" fill="#f6f3ec" stroke="#8aa0b2" stroke-width="1.2" stroke-linejoin="round"/>`,
    `<path id="borders" d="${BORDERS.map((line) => pathOf(line, false)).join('')}${pathOf(ACT, true)}" fill="none" stroke="#a9b6c2" stroke-width="1" stroke-dasharray="4 3"/>`,
    `<g font-family="system-ui, sans-serif" font-size="13" font-weight="600" fill="#7d8d9b" text-anchor="middle" letter-spacing="1">`,
    ...STATE_LABELS.map(({ name, at }) => {
      const { x, y } = projectLocator(at[0], at[1]);
      return `<text x="${x}" y="${y}">${name}</text>`;
    }),
    '</g></svg>',
  ].join('');
  return cached;
}
