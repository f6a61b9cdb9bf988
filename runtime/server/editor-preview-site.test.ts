// The editor's preview of a site runs on the editor's host (/editor/preview/{slug}): its car photos and the frames its
// site embeds must work there as on the site's own host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIMEO_FRAME_ORIGIN } from '../domain/vehicle/media-extras';
import { parseCsp } from '../../test-support/security-headers-check';
import { get } from '../../test-support/http-client';
import { shippedTenants, startSitesServer, type SitesServer } from '../../test-support/server';

const EDITOR_HOST = 'editor.example.com';
let sites: SitesServer;
let photo: string;

beforeAll(async () => {
  sites = await startSitesServer({ total: 300 });
  const harbourside = shippedTenants().find((t) => t.slug === 'harbourside-mazda')!;
  const car = sites.cars.find(
    (c) => c.dealership_id === harbourside.dealerships[0].id && c.status === 'in_stock' && c.primary_image_url?.startsWith('/media/'),
  )!;
  photo = car.primary_image_url!.replace(/\?.*$/, '');
}, 60_000);
afterAll(() => sites.close());

describe("the editor's preview of a site", () => {
  it("gets the previewed site's car photos on the editor's host", async () => {
    const preview = `http://${EDITOR_HOST}/editor/preview/harbourside-mazda`;
    const res = await get(sites.server, EDITOR_HOST, photo, { referer: preview });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    // Not without the preview, not for another site's preview, not from another host's page.
    expect((await get(sites.server, EDITOR_HOST, photo)).status).toBe(404);
    expect((await get(sites.server, EDITOR_HOST, photo, { referer: `http://${EDITOR_HOST}/editor/preview/big-sky-cars` })).status).toBe(404);
    expect((await get(sites.server, EDITOR_HOST, photo, { referer: 'http://elsewhere.example/editor/preview/harbourside-mazda' })).status).toBe(404);
  });
  it("on a host that is also a site's (localhost in development), the preview page names the site", async () => {
    const host = 'big-sky-cars.localhost';
    expect((await get(sites.server, host, photo)).status).toBe(404);
    expect((await get(sites.server, host, photo, { referer: `http://${host}/editor/preview/harbourside-mazda` })).status).toBe(200);
    expect((await get(sites.server, host, photo, { referer: `http://${host}/search` })).status).toBe(404);
  });
  it("may frame what the previewed site frames, on the editor's host", async () => {
    const csp = async (path: string) => parseCsp(String((await get(sites.server, EDITOR_HOST, path)).headers['content-security-policy']))['frame-src'];
    expect(await csp('/editor/preview/harbourside-mazda')).toContain(VIMEO_FRAME_ORIGIN);
    expect(await csp('/editor')).not.toContain(VIMEO_FRAME_ORIGIN);
  });
});
