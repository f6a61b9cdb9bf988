// The editor's preview shows the header as the live site does: the preview answer carries the Range menu the server
// builds from the site's model catalogue (issue 19), for the draft being edited.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RangeMenu } from '../domain/navigation/range-menu';
import { signIn, staffEmail, startTestApp, type TestApp } from '../../test-support/editor';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let app: TestApp;
const site = 'southern-cross-motor-group';

beforeAll(async () => {
  app = await startTestApp({ total: 300 });
});
afterAll(() => app.close());

describe('POST /editor/api/tenants/:slug/preview', () => {
  it("answers the header's Range menu with the site's makes and models, and none when the draft's navigation drops it", async () => {
    const staff = await signIn(app.port, staffEmail(site));
    const doc = (await staff.call('GET', `/tenants/${site}`)).body.doc;
    const preview = await staff.call('POST', `/tenants/${site}/preview`, JSON.stringify({ path: '/', doc }));
    expect(preview.status).toBe(200);
    const range = preview.body.chrome.range as RangeMenu;
    expect(range.makes.map((m) => m.name)).toEqual(['Ford', 'Hyundai', 'Isuzu', 'Kia', 'Toyota']);
    for (const make of range.makes) expect(make.models.length, make.name).toBeGreaterThan(0);

    const withoutRange = JSON.parse(JSON.stringify(doc));
    withoutRange.navigation.header = withoutRange.navigation.header.filter((item: { source?: string }) => item.source !== 'models');
    const plain = await staff.call('POST', `/tenants/${site}/preview`, JSON.stringify({ path: '/', doc: withoutRange }));
    expect(plain.status).toBe(200);
    expect(plain.body.chrome.range).toBeNull();
    // the footer's brand links still lead to catalogue pages the site has (Our Brands)
    expect(plain.body.chrome.catalogueLinks).toEqual(['/ford/overview', '/hyundai/overview', '/isuzu/overview', '/kia/overview', '/toyota/overview']);
  });

  it('names the block types with server loaders (the preview shows a new page of other blocks before its data)', async () => {
    const staff = await signIn(app.port, staffEmail(site));
    const doc = (await staff.call('GET', `/tenants/${site}`)).body.doc;
    const preview = await staff.call('POST', `/tenants/${site}/preview`, JSON.stringify({ path: '/', doc }));
    expect(preview.body.loaderTypes).toEqual(expect.arrayContaining(['brand-tiles', 'enquiry-form', 'finance-calculator']));
    expect(preview.body.loaderTypes).not.toContain('hero');
    expect(preview.body.loaderTypes).not.toContain('rich-text');
  });
});
