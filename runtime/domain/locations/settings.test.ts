import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCATION_SETTINGS_DEFAULTS } from './settings';

const schema = JSON.parse(readFileSync(new URL('../../../schemas/settings/locations.schema.json', import.meta.url), 'utf8'));

// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
function leafDefaults(node: any): unknown {
  if (node.type === 'object' && node.properties) {
    return Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, leafDefaults(v)]));
  }
  return node.default;
}

describe('location settings defaults', () => {
  it('match the defaults in locations.schema.json', () => {
    expect(leafDefaults(schema)).toEqual(LOCATION_SETTINGS_DEFAULTS);
    expect(schema.properties.closedDayLink.default).toEqual(LOCATION_SETTINGS_DEFAULTS.closedDayLink);
  });
});
