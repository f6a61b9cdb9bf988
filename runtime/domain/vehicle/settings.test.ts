import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VEHICLE_SETTINGS_DEFAULTS, TAG_DEFAULTS, withDefaults } from './settings';

const schema = JSON.parse(readFileSync(new URL('../../../schemas/settings/vehicle.schema.json', import.meta.url), 'utf8'));

/** Defaults written on each leaf property of the schema. */
function leafDefaults(node: any): unknown {
  if (node.type === 'object' && node.properties) {
    return Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, leafDefaults(v)]));
  }
  return node.default;
}

describe('vehicle settings defaults', () => {
  it('match the leaf defaults in vehicle.schema.json', () => {
    expect(leafDefaults(schema)).toEqual(VEHICLE_SETTINGS_DEFAULTS);
  });
  it('match the group defaults in vehicle.schema.json', () => {
    for (const [key, prop] of Object.entries<any>(schema.properties)) {
      expect(prop.default, key).toEqual((VEHICLE_SETTINGS_DEFAULTS as any)[key]);
    }
  });
  it('fill only the missing options', () => {
    expect(withDefaults(TAG_DEFAULTS, { newTagText: 'Fresh', newTagDays: undefined })).toMatchObject({
      newTagText: 'Fresh',
      newTagDays: 8,
      soldTagText: 'SOLD',
    });
  });
});
