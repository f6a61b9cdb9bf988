// Media per tenant (issue 9): /media/cars/{id}/... answers only on the car's own site's host and only for a car that
// site shows; another site's host, an unknown host and a hidden car all get the same 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from './test-client';
import { shippedTenants, startSitesServer, type SitesServer } from './test-server';

let sites: SitesServer;
const [siteA, siteB] = shippedTenants();
const now = Date.parse('2026-11-20T00:00:00Z');

beforeAll(async () => {
  sites = await startSitesServer({ total: 1500, now });
});
afterAll(() => sites.close());

const ownedBy = (site: typeof siteA) => sites.cars.filter((c) => site.dealerships.some((d) => d.id === c.dealership_id));

describe('/media/cars/{id}', () => {
  it('draws a car on its own site only; elsewhere it is a 404 that does not name the car', async () => {
    const car = ownedBy(siteA).find((c) => c.show_on_dealer_website !== false && c.status === 'in_stock')!;
    const path = `/media/cars/${car.id}/0.svg`;
    const own = await get(sites.server, `${siteA.slug}.localhost`, path);
    expect(own.status).toBe(200);
    expect(own.body).toMatch(/^<svg/);
    for (const host of [`${siteB.slug}.localhost`, 'unknown.example', `www.${siteB.domains![0]}`]) {
      const other = await get(sites.server, host, path);
      expect(other.status, host).toBe(404);
      expect(other.body).not.toContain(car.make);
      expect(other.headers['content-type']).not.toContain('svg');
    }
    const missing = await get(sites.server, `${siteB.slug}.localhost`, '/media/cars/999999999/0.svg');
    expect(missing.status).toBe(404);
  });

  it('a car hidden from the website (show_on_dealer_website false) has no images, though it exists', async () => {
    const hidden = sites.cars.find((c) => c.show_on_dealer_website === false);
    expect(hidden, 'the demo inventory has hidden cars').toBeDefined();
    const site = shippedTenants().find((t) => t.dealerships.some((d) => d.id === hidden!.dealership_id))!;
    const answer = await get(sites.server, `${site.slug}.localhost`, `/media/cars/${hidden!.id}/0.svg`);
    expect(answer.status).toBe(404);
  });

  it("the placeholder answers on a site's host; odd ids are 404, never 500", async () => {
    expect((await get(sites.server, `${siteA.slug}.localhost`, '/media/placeholder.svg')).status).toBe(200);
    for (const id of ['abc', '-1', '1e5', '99999999999999999999', '%2e%2e', '1%00']) {
      expect((await get(sites.server, `${siteA.slug}.localhost`, `/media/cars/${id}/0.svg`)).status, id).toBe(404);
    }
  });
});
