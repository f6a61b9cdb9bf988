import { describe, expect, it } from 'vitest';
import base from '../../../schemas/tenant.base.schema.json';
import { defaultSiteTimeZone, STATE_TIME_ZONES, siteTimeZone, stateTimeZone, zoneAbbreviation } from './site-time-zone';

const site = (state: string | undefined, timeZone?: string) => ({
  ...(timeZone ? { timeZone } : {}),
  dealerships: [{ locations: [{ address: state ? { state } : null }, { address: { state: 'WA' } }] }],
});

describe("the site's time zone", () => {
  it("is the document's timeZone when it names one", () => {
    expect(siteTimeZone(site('QLD', 'Australia/Perth'))).toBe('Australia/Perth');
  });
  it("defaults to the state of the site's first location", () => {
    expect(siteTimeZone(site('NSW'))).toBe('Australia/Sydney');
    expect(siteTimeZone(site('sa'))).toBe('Australia/Adelaide');
    expect(defaultSiteTimeZone(site('WA', 'Australia/Sydney'))).toBe('Australia/Perth');
  });
  it('falls back to Brisbane without a first location or a known state', () => {
    expect(siteTimeZone(site(undefined))).toBe('Australia/Brisbane');
    expect(siteTimeZone({ dealerships: [] })).toBe('Australia/Brisbane');
    expect(stateTimeZone('Auckland')).toBeUndefined();
  });
  it('names the zone as Australians write it, summer and winter', () => {
    const summer = Date.parse('2026-01-15T00:00:00Z');
    const winter = Date.parse('2026-07-15T00:00:00Z');
    expect([zoneAbbreviation('Australia/Sydney', summer), zoneAbbreviation('Australia/Sydney', winter)]).toEqual(['AEDT', 'AEST']);
    expect([zoneAbbreviation('Australia/Adelaide', summer), zoneAbbreviation('Australia/Adelaide', winter)]).toEqual(['ACDT', 'ACST']);
    expect([zoneAbbreviation('Australia/Brisbane', summer), zoneAbbreviation('Australia/Perth', summer)]).toEqual(['AEST', 'AWST']);
  });
  it("the schema's timeZone choices are the states' zones, each once", () => {
    expect([...base.properties.timeZone.enum].sort()).toEqual([...new Set(Object.values(STATE_TIME_ZONES))].sort());
  });
});
