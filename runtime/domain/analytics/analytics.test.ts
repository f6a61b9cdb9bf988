import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import schema from '../../../schemas/settings/analytics.schema.json';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';
import { leadAction } from '../leads/events';
import { enquiryAction, testDriveAction } from '../vehicle/event-ids';
import { eventFor, phoneClickLabel } from './events';

/** A site's analytics settings as validated: its own event ids over the standard ones. */
const site = (events: Record<string, number> = {}) => withSettingsDefaults('analytics', { events });
import { siteStorageKey } from '../../ui/site-storage';
import { analyticsAllowed, consentPending, dataLayerEntry, parseConsent, tagScriptUrl } from './tag-manager';

describe('the action-to-event-id table (settings.analytics.events)', () => {
  it('has the schema defaults: the seeds named ids, and 4, 18, 49, 60, 61 for share, print, PDF, directions, reserve', () => {
    const filled: Record<string, unknown> = {};
    expect(new Ajv({ strict: true, useDefaults: true }).compile(schema)(filled)).toBe(true);
    expect((filled as { events: unknown }).events).toEqual({
      enquiryNew: 14,
      enquiryUsed: 15,
      testDriveNew: 17,
      testDriveUsed: 48,
      saveToWatchlist: 39,
      phoneClick: 25,
      financeCalculator: 26,
      leadDefault: 22,
      careers: 51,
      share: 4,
      print: 18,
      pdf: 49,
      getDirections: 60,
      reserve: 61,
      tradeInStart: 0,
      phoneReveal: 0,
    });
  });

  it("every documented default names its action in the schema's comment, and its help text gives the default", () => {
    const events = (schema as { properties: { events: { $comment: string; properties: Record<string, { description: string; default: number }> } } }).properties
      .events;
    for (const [action, id] of [
      ['share', 4],
      ['print', 18],
      ['pdf', 49],
      ['getDirections', 60],
      ['reserve', 61],
    ] as const) {
      expect(events.properties[action]?.default).toBe(id);
      expect(events.$comment).toContain(`(${id})`);
      expect(events.properties[action]?.description).toContain(`Default: ${id}.`);
    }
  });

  it('sends an action as the site numbers it, and nothing for an action set to 0', () => {
    expect(eventFor('share', site())).toEqual({ action: 'share', id: 4 });
    expect(eventFor('share', site({ share: 77 }))).toEqual({ action: 'share', id: 77 });
    expect(eventFor('phoneClick', site(), 'Used Car')).toEqual({ action: 'phoneClick', id: 25, label: 'Used Car' });
    expect(eventFor('tradeInStart', site())).toBeNull();
    expect(eventFor('tradeInStart', site({ tradeInStart: 90 }))).toEqual({ action: 'tradeInStart', id: 90 });
    expect(eventFor('reserve', site({ reserve: 0 }))).toBeNull();
    expect(site({ pdf: 5 }).events).toMatchObject({ pdf: 5, print: 18 });
  });

  it('lead, enquiry, test drive and phone events read the same table', () => {
    const own = site({ enquiryNew: 101, testDriveUsed: 102, leadDefault: 103, careers: 104, phoneClick: 105 });
    expect(eventFor(enquiryAction({ car_type: 'new' }), own)?.id).toBe(101);
    expect(eventFor(testDriveAction({ car_type: 'used' }), own)?.id).toBe(102);
    expect(eventFor(leadAction('contact', null), own)?.id).toBe(103);
    expect(eventFor(leadAction('careers', null), own)?.id).toBe(104);
    expect(eventFor(leadAction('enquiry', { car_type: 'used' }), own)?.id).toBe(15);
    expect(eventFor('phoneClick', own, phoneClickLabel('/cars/2019-nissan-navara'))).toEqual({ action: 'phoneClick', id: 105, label: 'Used Car' });
  });

  it('labels a phone click New Car or Used Car from the path', () => {
    expect(phoneClickLabel('/search/new-cars')).toBe('New Car');
    expect(phoneClickLabel('/cars/new-2025-kia-ev5')).toBe('New Car');
    expect(phoneClickLabel('/cars/2019-nissan-navara')).toBe('Used Car');
    expect(phoneClickLabel('/search/used-cars')).toBe('Used Car');
  });
});

describe('tag manager and consent (settings.analytics.tagManager, .consent)', () => {
  const gtm = { tagManager: { gtmContainerId: 'GTM-ABC1234' } };
  const ga4 = { tagManager: { ga4MeasurementId: 'G-ABCDE12345' } };
  const withConsent = { ...gtm, consent: { required: true } };

  it('loads GTM, else gtag.js for GA4, else nothing', () => {
    expect(tagScriptUrl(gtm)).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234');
    expect(tagScriptUrl(ga4)).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABCDE12345');
    expect(tagScriptUrl({})).toBeNull();
    expect(new Ajv({ strict: true }).compile(schema)({ tagManager: { gtmContainerId: 'GTM-1"><script>' } })).toBe(false);
  });

  it('sends nothing before Accept where consent is required, and nothing after Reject', () => {
    expect(consentPending(withConsent, null)).toBe(true);
    expect(analyticsAllowed(withConsent, null)).toBe(false);
    expect(analyticsAllowed(withConsent, 'rejected')).toBe(false);
    expect(analyticsAllowed(withConsent, 'accepted')).toBe(true);
    expect(consentPending(withConsent, 'rejected')).toBe(false);
    expect(analyticsAllowed(gtm, null)).toBe(true); // no banner required
    expect(analyticsAllowed({ consent: { required: true } }, 'accepted')).toBe(false); // no tag manager, nothing to send
    expect(consentPending({ consent: { required: true } }, null)).toBe(false);
  });

  it('remembers the choice per site', () => {
    expect(siteStorageKey('big-sky-cars', 'analytics-consent')).toBe('dealer:big-sky-cars:analytics-consent');
    expect(parseConsent('accepted')).toBe('accepted');
    expect(parseConsent('yes')).toBeNull();
  });

  it('pushes each event with its id, action and label', () => {
    expect(dataLayerEntry({ action: 'phoneClick', id: 25, label: 'New Car' }, { car_id: 7 })).toEqual({
      car_id: 7,
      event: 'dealer_event',
      event_id: 25,
      action: 'phoneClick',
      event_label: 'New Car',
    });
  });
});
