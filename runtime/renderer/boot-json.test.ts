// The boot data's JSON of a search page: the search answer (kept for a second by sameSecondMemo) is serialised once per
// answer object, so the test checks it is the same text JSON.stringify gives, and that a change of stock shows at once.
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoisedAnswers } from '../page-data/same-second-memo';
import { resolveTenantFile } from '../tenants/resolve';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import { validateTenantDocument } from '../tenants/validate';
import type { RuntimeServices } from '../services';
import { renderPage } from './entry-server';

const assets = { forBlocks: () => ({ script: '/assets/entry.js', styles: [], modulePreloads: [] }) };

function searchSite() {
  const pages = { '/': { title: 'Home', blocks: [] }, '/search/:make?/:model?': { title: 'Search', data: 'search', blocks: [] } };
  const dir = tempTenantsDir({ 'test-motors': minimalTenant('test-motors', { pages }) });
  const result = validateTenantDocument(resolveTenantFile(join(dir, 'test-motors.json'), join(dir, 'templates')));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.doc;
}

/** A stock of one car whose price the test changes (a new stock version, as an inventory import gives). */
function stockOfOneCar() {
  const stock = {
    version: 1,
    price: 25_990,
    async multiSearch(_tenant: unknown, queries: unknown[]) {
      const hit = { id: 7, slug: 'mazda-3', make: 'Mazda', model: '3', year: 2023, price: stock.price, status: 'in_stock', note: 'a </script> & \u2028' };
      return {
        results: queries.map(() => ({
          indexUid: 'cars',
          hits: [hit],
          totalHits: 1,
          page: 1,
          totalPages: 1,
          facetDistribution: {},
          facetStats: {},
          processingTimeMs: 1,
        })),
      };
    },
  };
  return stock;
}

async function bootOf(doc: ReturnType<typeof searchSite>, services: RuntimeServices) {
  const result = await renderPage({ tenant: doc, services, log: () => {} }, new URL('http://test-motors.localhost/search'), assets);
  expect(result.status).toBe(200);
  const text = String(result.body).match(/<script id="__boot" type="application\/json">(.*?)<\/script>/s)?.[1];
  if (!text) throw new Error('no boot data in the page');
  return { text, boot: JSON.parse(text) };
}

describe('boot data of a search page', () => {
  it("is JSON.stringify's text, escaped for a script, and shows a change of stock at once", async () => {
    const doc = searchSite();
    const stock = stockOfOneCar();
    const services = { catalogue: stock } as unknown as RuntimeServices;
    const first = await bootOf(doc, services);
    const results = () => first.boot.hydrationData.loaderData['/search/:make?/:model?'].page.results;
    expect(results().hits[0].price).toBe(25_990);
    // Same text as serialising the whole value at once (key order, omissions), with <, > and U+2028 escaped.
    const escaped = JSON.stringify(first.boot).replace(/[<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(first.text).toBe(escaped);
    expect(first.text).not.toContain('</script>');

    // The same answer again (same second and stock): the same text.
    expect((await bootOf(doc, services)).text.includes('"price":25990')).toBe(true);

    stock.price = 23_500;
    stock.version = 2;
    const changed = await bootOf(doc, services);
    const hits = changed.boot.hydrationData.loaderData['/search/:make?/:model?'].page.results.hits;
    expect(hits[0].price).toBe(23_500);
    expect(changed.text).not.toContain('25990');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('serialises a memoised answer once: the second visit in the same second reuses its text', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00.250Z') });
    const doc = searchSite();
    const services = { catalogue: stockOfOneCar() } as unknown as RuntimeServices;
    const stringify = vi.spyOn(JSON, 'stringify');
    const answersSerialised = () => stringify.mock.calls.filter(([value]) => typeof value === 'object' && value !== null && memoisedAnswers.has(value)).length;
    const first = await bootOf(doc, services);
    expect(answersSerialised()).toBe(1);
    const second = await bootOf(doc, services);
    expect(answersSerialised()).toBe(1);
    expect(second.text).toBe(first.text);
  });
});
