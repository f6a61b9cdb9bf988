// Tenant isolation: from every site's host (and as every site's staff in the editor), try to read or act on every
// other site's cars, pages, page data, media, vehicle APIs, leads and editor documents, with plain and encoded paths.
// Plus path traversal towards a canary file beside the served folder, and every route family on an unknown host.
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { DRAWING_VERSION } from '../../runtime/domain/images/variants';
import { signIn, staffEmail } from '../../test-support/editor';
import type { Answer, SecurityContext, SecurityModule, Verdict } from './harness';

/** Every character percent-encoded: "/cars/%61%62..." must be the same refusal as the plain path. */
const encodeAll = (text: string) => [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

/** Judges that an answer is a refusal (no 2xx/3xx) carrying none of the markers. */
function refused(markers: (string | undefined | null)[] = []) {
  return (a: Answer): Verdict | undefined => {
    if (a.status >= 200 && a.status < 400) return { leak: `answered ${a.status} where another site's data must be refused` };
    const found = markers.find((m) => m && m.length > 3 && a.body.includes(m));
    return found ? { leak: `the answer contains ${JSON.stringify(found)}` } : undefined;
  };
}

/** A search answer whose hits and facets hold only the attacker site's dealerships. */
function onlyOwnStock(own: TenantDocument, victimCar: Car) {
  const ids = new Set(own.dealerships.map((d) => d.id));
  return (a: Answer): Verdict | undefined => {
    if (a.status !== 200) return a.status >= 400 && a.status < 500 ? undefined : { fail: `unexpected status ${a.status}` };
    const json = JSON.parse(a.body);
    for (const result of json.results ?? []) {
      for (const hit of result.hits ?? []) {
        if (hit.dealership_id !== undefined && !ids.has(hit.dealership_id)) return { leak: `hit ${hit.id} of dealership ${hit.dealership_id}` };
        if (hit.id === victimCar.id) return { leak: `the other site's car ${hit.id}` };
      }
      for (const key of Object.keys(result.facetDistribution?.dealership_id ?? {})) if (!ids.has(Number(key))) return { leak: `facet value dealership ${key}` };
    }
    return undefined;
  };
}

async function pairAttempts(ctx: SecurityContext, own: TenantDocument, victim: TenantDocument, car: Car) {
  const { recorder: r, request } = ctx;
  const host = `${own.slug}.localhost`;
  const domainHost = own.domains?.[0] ?? host;
  const markers = [car.vin, car.stocknum && car.stocknum.length > 5 ? car.stocknum : undefined, ctx.canary];
  const fam = (name: string) => `isolation/${name}`;
  const victimDealer = victim.dealerships[0];

  // Search: filters, OR-injection, array forms, the car's own id and stock number, another index.
  const search = (body: unknown) => () => request(host, 'POST', '/api/search', { body });
  for (const [what, query] of [
    ['filter on its dealership', { filter: `dealership_id = ${victimDealer.id}`, facets: ['dealership_id'] }],
    ['OR-injection', { filter: `dealership_id = ${own.dealerships[0].id} OR dealership_id = ${victimDealer.id}`, facets: ['dealership_id'] }],
    ['array filter', { filter: [[`dealership_id = ${victimDealer.id}`, 'id > 0']], hitsPerPage: 100 }],
    ['its car by id', { filter: `id = ${car.id}` }],
    ['its car by stock number', { q: car.stocknum ?? car.slug, hitsPerPage: 100 }],
    ['NOT-injection', { filter: `NOT dealership_id = ${own.dealerships[0].id}`, facets: ['dealership_id'], hitsPerPage: 100 }],
  ] as const)
    await r.attempt(fam('search'), `${own.slug} -> ${victim.slug}: ${what}`, search({ queries: [query] }), onlyOwnStock(own, car));
  await r.attempt(fam('search'), `${own.slug} -> another index`, search({ queries: [{ indexUid: `${victim.slug}_cars` }] }), (a) =>
    a.status === 403 ? undefined : { fail: `expected 403, got ${a.status}` },
  );

  // Vehicle pages, plain and encoded, on the dev host and the production domain.
  for (const [h, path] of [
    [host, `/cars/${car.slug}`],
    [domainHost, `/cars/${car.slug}`],
    [host, `/cars/${encodeAll(car.slug)}`],
    [host, `/cars/${car.slug}/`],
    [host, `/cars/x/..%2f${car.slug}`],
    [host, `/cars/%2e%2e/cars/${car.slug}`],
    [`${own.slug.toUpperCase()}.LOCALHOST`, `/cars/${car.slug}`],
  ] as const)
    await r.attempt(fam('pages'), `${own.slug} -> ${victim.slug}: GET ${h}${path}`, () => request(h, 'GET', path), refused(markers));

  // Page data.
  for (const path of [`/cars/${car.slug}`, `//${victim.domains?.[0] ?? 'x'}/cars/${car.slug}`, `/cars/${encodeAll(car.slug)}`]) {
    await r.attempt(
      fam('__data'),
      `${own.slug} -> ${victim.slug}: /__data?path=${path}`,
      () => request(host, 'GET', `/__data?path=${encodeURIComponent(path)}`),
      refused(markers),
    );
  }

  // Media.
  for (const path of [
    `/media/cars/${car.id}/0.svg`,
    `/media/cars/${car.id}/spin/0.svg`,
    `/media/cars/${encodeAll(String(car.id))}/0.svg`,
    `/media/cars/${car.id}/interior.svg`,
    // raster variants answer by the same rule, a bad width included (a 404 there, never a 400 that confirms the car)
    `/media/cars/${car.id}/0-640w.${DRAWING_VERSION}.avif`,
    `/media/cars/${car.id}/0-333w.${DRAWING_VERSION}.webp`,
  ]) {
    await r.attempt(fam('media'), `${own.slug} -> ${victim.slug}: ${path}`, () => request(host, 'GET', path), refused(markers));
  }

  // Vehicle APIs.
  for (const path of [`/api/cars/${car.slug}/view.json`, `/api/cars/${car.slug}/autogauge`, `/api/cars/${car.slug}/pdf`, `/api/cars/${car.slug}/similar-ids`]) {
    await r.attempt(fam('vehicle-api'), `${own.slug} -> ${victim.slug}: GET ${path}`, () => request(host, 'GET', path), refused(markers));
  }
  // An unknown car_id falls back to the site's own location: the answer must be the one without a car.
  const ownEstimate = await request(host, 'GET', '/api/delivery-estimate?postcode=4000');
  await r.attempt(
    fam('vehicle-api'),
    `${own.slug} -> ${victim.slug}: delivery estimate from its car`,
    () => request(host, 'GET', `/api/delivery-estimate?postcode=4000&car_id=${car.id}`),
    (a) =>
      a.status === ownEstimate.status && a.body === ownEstimate.body
        ? undefined
        : { leak: `the estimate follows the other site's car (${a.body.slice(0, 80)})` },
  );
  await r.attempt(
    fam('vehicle-api'),
    `${own.slug} -> ${victim.slug}: phone reveal of its car`,
    () => request(host, 'POST', '/api/cars/phone-reveal', { body: { car_id: car.id, dealership_id: car.dealership_id, website_id: victim.slug } }),
    refused(markers),
  );

  // Leads bound to another site's car or dealership.
  const values = {
    name: 'Iso Lation',
    email: 'iso@example.com',
    phone: '0412 345 678',
    message: 'Is it available?',
    category: 'General Enquiry',
    postcode: '4000',
    location: 'Brisbane',
    terms_conditions: true,
  };
  const lead = (body: unknown) => () =>
    request(host, 'POST', '/api/leads', {
      body,
      headers: {
        'idempotency-key': `iso-${Math.random().toString(36).slice(2, 12)}`,
        'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
    });
  await r.attempt(
    fam('leads'),
    `${own.slug} -> ${victim.slug}: a lead on its car`,
    lead({ form: 'enquiry', values, context: { car_id: car.id } }),
    refused(markers),
  );
  await r.attempt(
    fam('leads'),
    `${own.slug} -> ${victim.slug}: a lead to its dealership`,
    lead({ form: 'enquiry', values: { ...values, dealership_slug: victimDealer.slug } }),
    refused(markers),
  );
}

async function editorAttempts(ctx: SecurityContext, own: TenantDocument, victim: TenantDocument) {
  const { recorder: r, request } = ctx;
  const staff = await signIn(ctx.app.port, staffEmail(own.slug));
  const headers = { cookie: staff.cookie, 'x-csrf-token': staff.csrf };
  const fam = 'isolation/editor';
  const is403 = (a: Answer): Verdict | undefined =>
    a.status >= 200 && a.status < 400
      ? { leak: `answered ${a.status}` }
      : a.status === 403 || a.status === 404
        ? refused([ctx.canary])(a)
        : { fail: `expected 403, got ${a.status}` };
  const slugs = [victim.slug, encodeAll(victim.slug), `${own.slug}%2f..%2f${victim.slug}`];
  for (const slug of slugs) {
    await r.attempt(fam, `${own.slug} staff -> GET tenants/${slug}`, () => request('localhost', 'GET', `/editor/api/tenants/${slug}`, { headers }), is403);
  }
  await r.attempt(
    fam,
    `${own.slug} staff -> revisions of ${victim.slug}`,
    () => request('localhost', 'GET', `/editor/api/tenants/${victim.slug}/revisions`, { headers }),
    is403,
  );
  await r.attempt(
    fam,
    `${own.slug} staff -> revision 1 of ${victim.slug}`,
    () => request('localhost', 'GET', `/editor/api/tenants/${victim.slug}/revisions/1`, { headers }),
    is403,
  );
  await r.attempt(
    fam,
    `${own.slug} staff -> publish ${victim.slug}`,
    () => request('localhost', 'POST', `/editor/api/tenants/${victim.slug}/revisions`, { headers, body: { baseRev: 1, doc: victim, publish: true } }),
    is403,
  );
  await r.attempt(
    fam,
    `${own.slug} staff -> preview data of ${victim.slug}`,
    () => request('localhost', 'POST', `/editor/api/tenants/${victim.slug}/preview`, { headers, body: { path: '/', doc: victim } }),
    is403,
  );
  await r.attempt(
    fam,
    `${own.slug} staff -> search as ${victim.slug}`,
    () => request('localhost', 'POST', `/editor/api/tenants/${victim.slug}/site/api/search`, { headers, body: { queries: [{}] } }),
    is403,
  );
  await r.attempt(
    fam,
    `${own.slug} staff -> preview frame of ${victim.slug}`,
    () => request('localhost', 'GET', `/editor/preview/${victim.slug}`, { headers }),
    is403,
  );
  await r.attempt(
    fam,
    `${own.slug} staff -> grant itself ${victim.slug}`,
    () =>
      request('localhost', 'POST', `/editor/api/accounts/${encodeURIComponent(staffEmail(own.slug))}/grants`, { headers, body: { tenants: [victim.slug] } }),
    is403,
  );
  await r.attempt(
    fam,
    `${own.slug} staff -> the list of sites`,
    () => request('localhost', 'GET', '/editor/api/tenants', { headers }),
    (a) => (a.status !== 200 ? { fail: `expected 200, got ${a.status}` } : a.body.includes(`"${victim.slug}"`) ? { leak: `lists ${victim.slug}` } : undefined),
  );
}

async function traversalAttempts(ctx: SecurityContext) {
  const { recorder: r, request, sites } = ctx;
  const paths = [
    '/../canary.txt',
    '/assets/../../canary.txt',
    '/assets/..%2f..%2fcanary.txt',
    '/assets/%2e%2e/%2e%2e/canary.txt',
    '/assets/%2e%2e%2f%2e%2e%2fcanary.txt',
    '/assets/..%5c..%5ccanary.txt',
    '/%2e%2e/canary.txt',
    '/..%2fcanary.txt',
    '/assets/%252e%252e/%252e%252e/canary.txt',
    '/assets/..%c0%af..%c0%afcanary.txt',
    '/media/cars/..%2f..%2f..%2fcanary.txt',
    '/tenant-assets/..%2f..%2f..%2fcanary.txt',
    '/editor/..%2f..%2fcanary.txt',
    '/editor/assets/..%2f..%2f..%2fcanary.txt',
  ];
  for (const site of sites) {
    for (const path of paths) {
      await r.attempt(
        'isolation/traversal',
        `${site.slug}: GET ${path}`,
        () => request(`${site.slug}.localhost`, 'GET', path),
        (a) =>
          a.body.includes(ctx.canary)
            ? { leak: 'the canary file came back' }
            : a.status >= 200 && a.status < 300 && /canary/.test(path) && !a.headers['content-type']?.toString().includes('html')
              ? { leak: `answered ${a.status}` }
              : undefined,
      );
    }
  }
  const car = ctx.carsOf(sites[0])[0];
  for (const path of ['/', `/cars/${car.slug}`, `/media/cars/${car.id}/0.svg`, `/__data?path=/`, '/api/search', `/api/cars/${car.slug}/view.json`]) {
    await r.attempt(
      'isolation/unknown-host',
      `unknown.example GET ${path}`,
      () => request('unknown.example', path === '/api/search' ? 'POST' : 'GET', path, path === '/api/search' ? { body: { queries: [{}] } } : {}),
      (a) => (a.status === 404 ? refused([car.vin, car.slug, ctx.canary])(a) : { leak: `answered ${a.status} on an unknown host` }),
    );
  }
}

export const isolation: SecurityModule = {
  name: 'tenant isolation',
  async run(ctx) {
    for (const own of ctx.sites) {
      for (const victim of ctx.sites) {
        if (victim.slug === own.slug) continue;
        const cars = ctx.carsOf(victim);
        const inStock = cars.find((c) => c.status === 'in_stock') ?? cars[0];
        const sold = cars.find((c) => c.status === 'sold');
        for (const car of sold && sold !== inStock ? [inStock, sold] : [inStock]) await pairAttempts(ctx, own, victim, car);
        await editorAttempts(ctx, own, victim);
      }
    }
    await traversalAttempts(ctx);
  },
};
