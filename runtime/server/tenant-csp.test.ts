import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { securityHeaders } from './security-headers';
import { tenantCspSources } from './tenant-csp';

const VIMEO = 'https://player.vimeo.com';
const site = (settings: Record<string, unknown>, mapKey?: string) =>
  ({ settings, dealerships: [{ locations: [{ address: mapKey ? { map_key: mapKey } : {} }] }] }) as unknown as TenantDocument;

describe("a site's own Content-Security-Policy sources", () => {
  it('adds the origin of an embedded external booking page, Google Maps with a key, and Stripe when configured', () => {
    expect(
      tenantCspSources(site({ service: { form: 'external-frame', externalBooking: { url: 'https://book.example.com/dealer/42?x=1' } } }), {})['frame-src'],
    ).toEqual(['https://book.example.com', VIMEO]);
    expect(tenantCspSources(site({ service: { form: 'wizard', externalBooking: { url: 'https://book.example.com/' } } }), {})['frame-src']).toEqual([VIMEO]);
    expect(tenantCspSources(site({}, 'abc'), {})['frame-src']).toEqual(['https://www.google.com', VIMEO]);
    // a car's external video on Vimeo (loaded on a click), and the site's impel walkaround viewer when it names one
    expect(tenantCspSources(site({ vehicle: { gallery: { impelViewerUrl: 'https://viewer.impel.example/acme/{vin}' } } }), {})['frame-src']).toEqual([
      VIMEO,
      'https://viewer.impel.example',
    ]);
    const stripe = tenantCspSources(site({}), { STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' });
    expect(stripe['script-src']).toEqual(['https://js.stripe.com']);
    expect(stripe['connect-src']).toEqual(['https://api.stripe.com']);
  });

  it("lets the browser read the site's PMTiles archive from its host, only when it is the map source", () => {
    const pmtiles = (tiles: string, pmtilesUrl: string) => tenantCspSources(site({ locations: { map: { tiles, pmtilesUrl } } }), {})['connect-src'];
    expect(pmtiles('pmtiles', 'https://maps.example.com.au/tiles/australia.pmtiles')).toEqual(['https://maps.example.com.au']);
    // on the site's own host 'self' already covers it; a chosen other source fetches no archive
    expect(pmtiles('pmtiles', '/maps/australia.pmtiles')).toEqual([]);
    expect(pmtiles('osm', 'https://maps.example.com.au/tiles/australia.pmtiles')).toEqual([]);
  });

  it('adds the tag manager origins only for a site that sets a GTM container or GA4 measurement id', () => {
    expect(tenantCspSources(site({}), {})['script-src']).toEqual([]);
    expect(tenantCspSources(site({ analytics: { consent: { required: true } } }), {})['script-src']).toEqual([]);
    const gtm = tenantCspSources(site({ analytics: { tagManager: { gtmContainerId: 'GTM-ABC1234' } } }), {});
    expect(gtm['script-src']).toEqual(['https://www.googletagmanager.com']);
    expect(gtm['connect-src']).toEqual(['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://region1.google-analytics.com']);
    expect(tenantCspSources(site({ analytics: { tagManager: { ga4MeasurementId: 'G-ABCDE12345' } } }), {})['script-src']).toEqual([
      'https://www.googletagmanager.com',
    ]);
  });

  it('puts only plain https origins into the header', async () => {
    const app = express();
    app.use(
      securityHeaders({
        perRequestSources: () => ({ 'frame-src': ['https://book.example.com', "https://x.example; script-src 'unsafe-eval'", 'http://plain.example'] }),
      }),
    );
    app.get('/', (_req, res) => res.send('ok'));
    const server = createServer(app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    server.close();
    const csp = res.headers.get('content-security-policy')!;
    const frameSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('frame-src'))!;
    expect(frameSrc).toContain('https://book.example.com');
    expect(frameSrc).not.toContain('plain.example');
    expect(csp).not.toContain('unsafe-eval');
  });
});
