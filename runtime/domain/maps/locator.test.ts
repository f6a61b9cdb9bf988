import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAINLAND, type Ring, TASMANIA } from './australia';
import { LOCATOR_HEIGHT, LOCATOR_WIDTH, locatorPoint, projectLocator } from './locator';
import { australiaLocatorSvg } from './locator-svg';

/** Even-odd ray casting on the projected outline: is the picture's point on land? */
function onLand(point: { x: number; y: number }, ring: Ring): boolean {
  const xy = ring.map(([lng, lat]) => projectLocator(lng, lat));
  let inside = false;
  for (let i = 0, j = xy.length - 1; i < xy.length; j = i++) {
    const a = xy[i]!;
    const b = xy[j]!; // i and j are below xy.length
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

describe('the location locator', () => {
  it('puts capitals where they are: Perth west of Adelaide west of Sydney, Darwin north of Hobart', () => {
    const perth = locatorPoint(-31.95, 115.86)!;
    const adelaide = locatorPoint(-34.93, 138.6)!;
    const sydney = locatorPoint(-33.87, 151.21)!;
    const darwin = locatorPoint(-12.46, 130.84)!;
    const hobart = locatorPoint(-42.88, 147.33)!;
    expect(perth.x).toBeLessThan(adelaide.x);
    expect(adelaide.x).toBeLessThan(sydney.x);
    expect(darwin.y).toBeLessThan(hobart.y);
    expect(onLand(locatorPoint(-23.7, 133.88)!, MAINLAND)).toBe(true); // Alice Springs
    expect(onLand(hobart, TASMANIA)).toBe(true);
    expect(onLand(hobart, MAINLAND)).toBe(false);
    for (const p of [perth, adelaide, sydney, darwin, hobart]) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(LOCATOR_WIDTH);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(LOCATOR_HEIGHT);
    }
  });

  it('has no pin for coordinates off the picture or missing', () => {
    expect(locatorPoint(-41.29, 174.78)).toBeNull(); // Wellington
    expect(locatorPoint(51.5, -0.12)).toBeNull();
    expect(locatorPoint(Number.NaN, 151)).toBeNull();
  });

  it("puts every demo dealer's location on land", () => {
    const tenants = readdirSync('tenants').filter((f) => f.endsWith('.json'));
    let count = 0;
    for (const file of tenants) {
      const doc = JSON.parse(readFileSync(`tenants/${file}`, 'utf8'));
      for (const dealership of doc.dealerships ?? []) {
        for (const location of dealership.locations ?? []) {
          const { lat, long } = location.address ?? {};
          if (typeof lat !== 'number' || typeof long !== 'number') continue;
          const point = locatorPoint(lat, long);
          expect(point, location.name).not.toBeNull();
          // Coastal dealers sit within a few picture units of the simplified coast: allow that much.
          const near = [0, 4, -4].some((dx) =>
            [0, 4, -4].some((dy) => onLand({ x: point!.x + dx, y: point!.y + dy }, MAINLAND) || onLand({ x: point!.x + dx, y: point!.y + dy }, TASMANIA)),
          );
          expect(near, location.name).toBe(true);
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(5);
  });

  it('draws one picture of Australia with its coastline, state borders and names, no streets', () => {
    const svg = australiaLocatorSvg();
    expect(svg).toMatch(new RegExp(`^<svg [^>]*viewBox="0 0 ${LOCATOR_WIDTH} ${LOCATOR_HEIGHT}"`));
    expect(svg).toContain('id="land"');
    expect(svg).toContain('id="borders"');
    for (const state of ['WA', 'NT', 'SA', 'QLD', 'NSW', 'VIC', 'TAS']) expect(svg).toContain(`>${state}</text>`);
  });
});
