// The editor shows staff their site's stock feed: when it was last imported, what changed, and every rejected row with
// its reason (GET /editor/api/tenants/{slug}/inventory-feed); never another site's.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, staffEmail, startTestApp, type TestApp } from '../../test-support/editor';

describe('the stock feed in the editor API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      total: 300,
      prepare: (dir) => {
        const file = join(dir, 'harbourside-mazda.json');
        const doc = JSON.parse(readFileSync(file, 'utf8'));
        doc.settings = { ...doc.settings, inventory: { feed: { source: 'https://feeds.example.com.au/harbourside.json', intervalMinutes: 15 } } };
        writeFileSync(file, JSON.stringify(doc, null, 2));
      },
      readFeed: async () => {
        const site = app.registry.all.find((t) => t.slug === 'harbourside-mazda');
        const dealerships = new Set(site?.ok ? site.doc.dealerships.map((d) => d.id) : []);
        const own = app.cars.filter((c) => dealerships.has(c.dealership_id));
        return JSON.stringify([...own, { id: 'seven', make: 'Mazda' }]);
      },
    });
  }, 120_000);
  afterAll(() => app?.close());

  it('shows the last import and its rejected rows to the site’s staff only', async () => {
    const staff = await signIn(app.port, staffEmail('harbourside-mazda'));
    expect(await staff.call('GET', '/tenants/harbourside-mazda/inventory-feed')).toEqual({ status: 200, body: { feed: null } });
    await app.feeds.tick();
    const answer = await staff.call('GET', '/tenants/harbourside-mazda/inventory-feed');
    expect(answer.status).toBe(200);
    expect(answer.body.feed).toMatchObject({
      slug: 'harbourside-mazda',
      source: 'https://feeds.example.com.au/harbourside.json',
      ok: true,
      added: 0,
      removed: 0,
    });
    expect(answer.body.feed.imported).toBeGreaterThan(0);
    expect(answer.body.feed.rejected).toEqual([
      { row: answer.body.feed.imported + 1, id: 'seven', errors: expect.arrayContaining([expect.stringMatching(/id/)]) },
    ]);
    const other = await signIn(app.port, staffEmail('big-sky-cars'));
    expect((await other.call('GET', '/tenants/harbourside-mazda/inventory-feed')).status).toBe(403);
    expect(await other.call('GET', '/tenants/big-sky-cars/inventory-feed')).toEqual({ status: 200, body: { feed: null } });
  }, 60_000);
});
