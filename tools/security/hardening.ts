// Regression cases of issue 31's attack run: redirects, audit log, feeds, views, links, unsubscribe. Each attempt is the attack that once worked, judged by the fix.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { safeRedirectPath } from '../../runtime/domain/accounts';
import { ADMIN_EMAIL, signIn, staffEmail, type EditorClient } from '../../test-support/editor';
import { InventoryFeeds, MemoryFeedCoordinator, readFeed, type FeedStatus } from '../../runtime/inventory/feeds';
import type { Answer, SecurityContext, SecurityModule, Verdict } from './harness';

const EVIL = 'evil.example';

/** An answer made from a value computed in this process (a function's result, a feed report). */
const local = (status: number, body: unknown): Answer => ({ status, body: typeof body === 'string' ? body : JSON.stringify(body), headers: {} });

/** 4xx expected; a 2xx means the attack got through. */
const refusedWith =
  (status: number, also?: (a: Answer) => string | undefined) =>
  (a: Answer): Verdict | undefined => {
    if (a.status !== status)
      return a.status >= 200 && a.status < 300
        ? { leak: `answered ${a.status}, expected ${status}` }
        : { fail: `expected ${status}, got ${a.status}: ${a.body.slice(0, 160)}` };
    const problem = also?.(a);
    return problem ? { fail: problem } : undefined;
  };

/** Where a link or redirect target leads when followed from a page of `origin`. */
const leadsTo = (target: string, origin: string) => {
  try {
    return new URL(target, `${origin}/`).origin;
  } catch {
    return origin;
  }
};

// 1. Redirect targets that once left the site (or could, through a router decoding the path again).
const REDIRECT_ATTACKS = [
  '/..//evil.example',
  '/../..//evil.example/x',
  '/a/..//evil.example',
  '/%2e%2e//evil.example',
  '/.%2E//evil.example/',
  '/%2F%2Fevil.example',
  '/%2fevil.example',
  '/%5Cevil.example',
  '/%252F%252Fevil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '//evil.example',
  '///evil.example',
  'https://evil.example/',
  '\\\\evil.example',
  '/%09/evil.example',
  '/\u0085/evil.example',
  'javascript:alert(1)//',
];

async function redirects(ctx: SecurityContext, site: TenantDocument) {
  const { recorder: r, request } = ctx;
  const host = `${site.slug}.localhost`;
  const origin = `http://${host}`;
  for (const attack of REDIRECT_ATTACKS) {
    await r.attempt(
      'hardening/redirect',
      `safeRedirectPath(${JSON.stringify(attack)})`,
      async () => local(200, safeRedirectPath(attack)),
      (a) => {
        if (!a.body.startsWith('/') || a.body.startsWith('//') || a.body.startsWith('/\\')) return { leak: `answered ${JSON.stringify(a.body)}` };
        return leadsTo(a.body, 'https://site.example') === 'https://site.example' ? undefined : { leak: `${JSON.stringify(a.body)} leaves the site` };
      },
    );
    // The sign-in page builds its links from redirect and back: none may lead off the site.
    const query = new URLSearchParams({ type: 'watchlist', redirect: attack, back: attack });
    await r.attempt(
      'hardening/redirect',
      `/sign-in?redirect=${JSON.stringify(attack)}`,
      () => request(host, 'GET', `/sign-in?${query}`),
      (a) => {
        if (a.status >= 300 && a.status < 400) {
          const location = String(a.headers.location ?? '');
          return leadsTo(location, origin) === origin ? undefined : { leak: `redirected to ${location}` };
        }
        const offSite = [...a.body.matchAll(/\s(?:href|action|formaction)="([^"]*)"/g)]
          .map((m) => (m[1] ?? '').replaceAll('&amp;', '&'))
          .filter((v) => v.includes(EVIL) && leadsTo(v, origin) !== origin);
        return offSite.length ? { leak: `the page links to ${offSite[0]}` } : undefined;
      },
    );
  }
  // A gated page sends a signed-out shopper to sign-in with `back` taken from the Referer: it stays on the site.
  const gated = site.settings.accounts?.gatedRoutes?.find((g) => !g.includes(':') && !g.includes('*'));
  if (gated) {
    for (const attack of ['/..//evil.example', '/%2e%2e//evil.example', '/%2F%2Fevil.example', '/.%2E//evil.example']) {
      await r.attempt(
        'hardening/redirect',
        `${gated} with Referer ${origin}${attack}`,
        () => request(host, 'GET', gated, { headers: { referer: `${origin}${attack}`, 'sec-fetch-site': 'same-origin' } }),
        (a) => {
          if (a.status !== 302) return { fail: `expected 302 to sign-in, got ${a.status}` };
          const location = new URL(String(a.headers.location), `${origin}/`);
          for (const key of ['redirect', 'back']) {
            const target = location.searchParams.get(key) ?? '/';
            if (leadsTo(target, origin) !== origin || target.startsWith('//')) return { leak: `${key}=${target}` };
          }
          return undefined;
        },
      );
    }
  }
}

// 2. The audit log's restoredFrom must name a revision of this site.
async function auditLog(ctx: SecurityContext, own: TenantDocument, victim: TenantDocument, staff: EditorClient, admin: EditorClient) {
  const { recorder: r, app } = ctx;
  const opened = await staff.call('GET', `/tenants/${own.slug}`);
  // A revision number that exists on another site only.
  let other = (await admin.call('GET', `/tenants/${victim.slug}`)).body;
  while (other.head.rev <= opened.body.head.rev + 1) {
    await admin.call('POST', `/tenants/${victim.slug}/revisions`, { baseRev: other.head.rev, doc: other.doc, publish: false });
    other = (await admin.call('GET', `/tenants/${victim.slug}`)).body;
  }
  const auditBefore = JSON.stringify((await staff.call('GET', `/tenants/${own.slug}/audit`)).body);
  const fileBefore = readFileSync(join(app.tenantsDir, `${own.slug}.json`), 'utf8');
  const unchanged = async () => {
    if (readFileSync(join(app.tenantsDir, `${own.slug}.json`), 'utf8') !== fileBefore) return 'the tenant file was written';
    if (JSON.stringify((await staff.call('GET', `/tenants/${own.slug}/audit`)).body) !== auditBefore) return 'the audit log has a new entry';
    if ((await staff.call('GET', `/tenants/${own.slug}`)).body.head.rev !== opened.body.head.rev) return 'a revision was added';
    return undefined;
  };
  for (const [what, restoredFrom] of [
    [`revision ${other.head.rev} (another site's only)`, other.head.rev],
    ['revision 999999', 999_999],
    ['revision 0', 0],
    ['revision -1', -1],
    ['revision 1.5', 1.5],
    ['the text "1"', '1'],
    ['1e300', 1e300],
    ['an object', { rev: 1 }],
  ] as [string, unknown][]) {
    let problem: string | undefined;
    await r.attempt(
      'hardening/audit-restore',
      `staff of ${own.slug} publish "restored ${what}"`,
      async () => {
        const a = await staff.call('POST', `/tenants/${own.slug}/revisions`, {
          baseRev: opened.body.head.rev,
          doc: opened.body.doc,
          publish: true,
          restoredFrom,
        });
        problem = await unchanged();
        return local(a.status, a.body);
      },
      refusedWith(422, (a) => {
        if (problem) return problem;
        const body = JSON.parse(a.body);
        return body.problems?.[0]?.path === 'restoredFrom' && /is not a revision of this site/.test(body.error)
          ? undefined
          : `the reason does not say why: ${a.body}`;
      }),
    );
  }
}

// 3. Feed files: only the site's own folder; reports that say nothing about other sites' stock.
async function feeds(ctx: SecurityContext, own: TenantDocument, victim: TenantDocument, staff: EditorClient) {
  const { recorder: r, request } = ctx;
  const root = mkdtempSync(join(tmpdir(), 'security-feeds-'));
  const marker = (site: string) => `feed-of-${site}-${ctx.canary}`;
  try {
    for (const site of [own, victim]) {
      mkdirSync(join(root, site.slug, 'daily'), { recursive: true });
      writeFileSync(join(root, site.slug, 'stock.json'), JSON.stringify([{ id: marker(site.slug), make: 'Mazda' }]));
    }
    writeFileSync(join(root, 'shared.json'), JSON.stringify([{ id: marker('shared'), make: 'Mazda' }]));
    symlinkSync('../stock.json', join(root, own.slug, 'daily', 'latest.json'));
    symlinkSync(join(root, victim.slug, 'stock.json'), join(root, own.slug, 'theirs.json'));
    symlinkSync(join(root, victim.slug), join(root, own.slug, 'other-site'));
    symlinkSync('/etc', join(root, own.slug, 'etc'));

    const run = async (source: string, text?: string): Promise<FeedStatus> => {
      const site = structuredClone(own);
      site.settings.inventory = { feed: { source, format: 'json' } };
      const scheduled = new InventoryFeeds({
        tenants: () => [site],
        catalogue: () => ctx.app.catalogue,
        coordinator: new MemoryFeedCoordinator(),
        read: text === undefined ? (s, slug) => readFeed(s, { feedsDir: root, site: slug }) : async () => text,
        log: () => {},
      });
      return (await scheduled.runSite(site))!;
    };
    const notRead = (a: Answer): Verdict | undefined => {
      for (const secret of [marker(victim.slug), marker('shared'), 'root:x:0:0'])
        if (a.body.includes(secret)) return { leak: `the report shows another file's rows (${secret.slice(0, 30)}…)` };
      return JSON.parse(a.body).ok === false ? undefined : { leak: 'the feed was imported' };
    };
    // Once, a plain name was a file of the shared folder, whichever site had put it there.
    writeFileSync(join(root, `${victim.slug}-stock.json`), JSON.stringify([{ id: marker('shared'), make: 'Mazda' }]));
    for (const source of [
      'shared.json',
      `${victim.slug}-stock.json`,
      `../${victim.slug}/stock.json`,
      '../shared.json',
      `${root}/${victim.slug}/stock.json`,
      '/etc/passwd',
      `daily/../../${victim.slug}/stock.json`,
      `./../${victim.slug}/stock.json`,
      `..\\${victim.slug}\\stock.json`,
      'theirs.json',
      'other-site/stock.json',
      'etc/passwd',
      '..',
      `%2e%2e/${victim.slug}/stock.json`,
    ]) {
      await r.attempt('hardening/feed-path', `feed file ${JSON.stringify(source)}`, async () => local(200, await run(source)), notRead);
    }
    // The site's own files (and a link that stays in its folder) are still read.
    for (const source of ['stock.json', 'daily/latest.json']) {
      await r.attempt(
        'hardening/feed-path',
        `the site's own feed file ${source} is read`,
        async () => local(200, await run(source)),
        (a) => (a.body.includes(marker(own.slug)) ? undefined : { fail: `the site's own file was not read: ${a.body.slice(0, 200)}` }),
      );
    }

    // Publishing a feed path outside the site's folder is refused by the validator, naming the setting.
    const opened = (await staff.call('GET', `/tenants/${own.slug}`)).body;
    for (const source of [`../${victim.slug}/stock.json`, '/etc/passwd', `daily/../../${victim.slug}/x.csv`, '..\\x.json']) {
      await r.attempt(
        'hardening/feed-path',
        `staff publish settings.inventory.feed.source ${JSON.stringify(source)}`,
        async () => {
          const doc = structuredClone(opened.doc);
          doc.settings ??= {};
          doc.settings.inventory = { feed: { source } };
          const a = await staff.call('POST', `/tenants/${own.slug}/revisions`, { baseRev: opened.head.rev, doc, publish: true });
          return local(a.status, a.body);
        },
        refusedWith(422, (a) =>
          JSON.parse(a.body).problems?.some((p: { path: string }) => p.path === 'settings.inventory.feed.source')
            ? undefined
            : `the problems do not name settings.inventory.feed.source: ${a.body.slice(0, 200)}`,
        ),
      );
    }

    // The report for a row taking another site's car id (shown or not) reads the same whatever car it is.
    const victimIds = new Set(victim.dealerships.map((d) => d.id));
    const shown = new Set(ctx.carsOf(victim).map((c) => c.id));
    const victimCars = ctx.app.cars.filter((c) => victimIds.has(c.dealership_id));
    const third = ctx.sites.find((s) => s.slug !== own.slug && s.slug !== victim.slug);
    const thirdCar = third ? ctx.carsOf(third)[0] : undefined;
    const probes = [
      ['a car the other site shows', victimCars.find((c) => shown.has(c.id))],
      ['a car the other site does not show', victimCars.find((c) => !shown.has(c.id))],
      ['a car of a third site', thirdCar],
    ].filter((p): p is [string, NonNullable<(typeof victimCars)[number]>] => Boolean(p[1]));
    const template = ctx.carsOf(own)[0];
    const reasons: string[] = [];
    for (const [what, car] of probes) {
      const rows = [
        { ...template, id: car.id, slug: `probe-${car.id}` },
        { ...template, id: 990_000_000 + (car.id % 1000), slug: car.slug },
      ];
      const a = await r.attempt(
        'hardening/feed-report',
        `a feed row with the id and slug of ${what}`,
        async () => local(200, await run('probe.json', JSON.stringify(rows))),
        (a) => {
          const status = JSON.parse(a.body) as FeedStatus;
          if (status.ok || status.rejected.length !== 2) return { leak: `the rows were not both refused: ${a.body.slice(0, 200)}` };
          const text = JSON.stringify(status.rejected);
          for (const secret of [victim.slug, victim.name, third?.slug, third?.name, "another site's", car.title])
            if (secret && text.includes(secret)) return { leak: `the report names ${JSON.stringify(secret)}` };
          return undefined;
        },
      );
      if (a) {
        const status = JSON.parse(a.body) as FeedStatus;
        reasons.push(JSON.stringify(status.rejected.map((x) => x.errors.map((e) => e.replaceAll(car.slug, '…').replaceAll(String(car.id), '…')))));
      }
    }
    await r.attempt(
      'hardening/feed-report',
      `the reasons are the same for ${probes.map(([w]) => w).join(', ')}`,
      async () => local(200, reasons),
      () => (reasons.length >= 2 && reasons.every((x) => x === reasons[0]) ? undefined : { leak: `the reasons differ: ${reasons.join(' | ')}` }),
    );
    // The staff's own view of the feed (the editor API) is only ever their site's.
    await r.attempt(
      'hardening/feed-report',
      `staff of ${own.slug} read ${victim.slug}'s feed report`,
      () => request('localhost', 'GET', `/editor/api/tenants/${victim.slug}/inventory-feed`, { headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf } }),
      refusedWith(403),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// 4. Script links in every kind of link prop.
async function links(ctx: SecurityContext, own: TenantDocument, staff: EditorClient) {
  const { recorder: r, app } = ctx;
  const fileBefore = readFileSync(join(app.tenantsDir, `${own.slug}.json`), 'utf8');
  const opened = (await staff.call('GET', `/tenants/${own.slug}`)).body;
  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
  const homeBlocks = (doc: any) => doc.pages['/'].blocks as unknown[];
  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
  const kinds: [string, (doc: any, href: string) => void, string | ((doc: any) => string)][] = [
    ['a header link', (doc, v) => doc.navigation.header.unshift({ label: 'Offers', href: v }), 'navigation.header[0].href'],
    [
      'a footer link',
      (doc, v) => doc.navigation.footer.unshift({ title: 'More', links: [{ label: 'Offers', href: v }] }),
      'navigation.footer[0].links[0].href',
    ],
    ['the announcement', (doc, v) => (doc.announcement = { text: 'Sale', href: v }), 'announcement.href'],
    [
      'a hero button',
      (doc, v) => homeBlocks(doc).unshift({ id: 'attack-hero', type: 'hero', props: { heading: 'Hi', buttons: [{ label: 'Go', href: v }] } }),
      'pages["/"].blocks[0].props.buttons[0].href',
    ],
    [
      'a call-to-action banner',
      (doc, v) => homeBlocks(doc).unshift({ id: 'attack-cta', type: 'cta-banner', props: { heading: 'Finance', button: { label: 'Go', href: v } } }),
      'pages["/"].blocks[0].props.button.href',
    ],
    [
      'a promotion slide',
      (doc, v) =>
        homeBlocks(doc).unshift({
          id: 'attack-slider',
          type: 'promotions-slider',
          props: { slides: [{ heading: 'Deal', image: '/media/x.jpg', url: v, buttonText: 'Go' }] },
        }),
      'pages["/"].blocks[0].props.slides[0].url',
    ],
    ['a directions link', (doc, v) => (doc.dealerships[0].locations[0].address.place_url = v), 'dealerships[0].locations[0].address.place_url'],
  ];
  for (const [kind, put, path] of kinds) {
    for (const href of [
      'javascript:alert(document.cookie)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ]) {
      await r.attempt(
        'hardening/link-scheme',
        `${kind}: ${JSON.stringify(href)}`,
        async () => {
          const doc = structuredClone(opened.doc);
          put(doc, href);
          const a = await staff.call('POST', `/tenants/${own.slug}/revisions`, { baseRev: opened.head.rev, doc, publish: true });
          return local(a.status, a.body);
        },
        refusedWith(422, (a) => {
          if (readFileSync(join(app.tenantsDir, `${own.slug}.json`), 'utf8') !== fileBefore) return 'the tenant file was written';
          const want = typeof path === 'string' ? path : path(opened.doc);
          const problems = JSON.parse(a.body).problems as { path: string }[] | undefined;
          return problems?.some((p) => p.path === want) ? undefined : `no problem names ${want}: ${a.body.slice(0, 300)}`;
        }),
      );
    }
  }
}

// 5. Unsubscribe: the same answer for listed and unlisted addresses; a link's token must match.
async function unsubscribe(ctx: SecurityContext, site: TenantDocument, other: TenantDocument) {
  const { recorder: r, request, app } = ctx;
  const host = `${site.slug}.localhost`;
  // Each probe from its own client address: the per-client limit (10 a minute) is not what is tested here.
  let client = 0;
  const post = (h: string, body: unknown) => () => request(h, 'POST', '/api/unsubscribe', { body, headers: { 'x-forwarded-for': `10.31.5.${++client}` } });
  const stamp = Date.now();
  const listed = `listed-${stamp}@example.com`;
  await app.unsubscribes.add({ tenant: site.slug, email: listed, createdAt: stamp });
  const answers = new Map<string, Answer>();
  for (const [what, email] of [
    ['an address on the list', listed],
    ['an address not on the list', `unlisted-${stamp}@example.com`],
    ['the listed address in capitals', listed.toUpperCase()],
  ] as const) {
    const a = await r.attempt('hardening/unsubscribe', `probe ${what}`, post(host, { email }), (a) =>
      a.status === 200 ? (/"already"/.test(a.body) ? { leak: 'the answer says whether it was listed' } : undefined) : { fail: `expected 200, got ${a.status}` },
    );
    if (a) answers.set(what, a);
  }
  await r.attempt(
    'hardening/unsubscribe',
    'listed and unlisted addresses get the same answer',
    async () =>
      local(
        200,
        [...answers.values()].map((a) => a.body),
      ),
    () => {
      const seen = new Set([...answers.values()].map((a) => `${a.status} ${a.body} ${a.headers['content-length']}`));
      return answers.size === 3 && seen.size === 1 ? undefined : { leak: `the answers differ: ${[...seen].join(' | ')}` };
    },
  );
  // A link's token: made for one site and one address; anything else is refused and nothing is stored.
  const victim = `victim-${stamp}@example.com`;
  const token = app.unsubscribeLinks.token(site.slug, `owner-${stamp}@example.com`);
  for (const [what, h, body] of [
    ['a token made for another address', host, { email: victim, token }],
    ['a token made for another site', `${other.slug}.localhost`, { email: `owner-${stamp}@example.com`, token }],
    ['a forged token', host, { email: victim, token: 'A'.repeat(43) }],
    ['an empty token', host, { email: victim, token: '' }],
    ['a token of the wrong type', host, { email: victim, token: { $ne: null } }],
  ] as [string, string, Record<string, unknown>][]) {
    await r.attempt(
      'hardening/unsubscribe',
      `unsubscribe with ${what}`,
      post(h, body),
      refusedWith(400, (a) => (JSON.parse(a.body).error?.includes('link is not valid') ? undefined : `the reason does not say why: ${a.body}`)),
    );
  }
  await r.attempt(
    'hardening/unsubscribe',
    'nothing was stored by the refused links',
    async () =>
      local(200, {
        victim: await app.unsubscribes.has(site.slug, victim),
        other: await app.unsubscribes.has(other.slug, `owner-${stamp}@example.com`),
      }),
    (a) => (a.body.includes('true') ? { leak: `an address was unsubscribed: ${a.body}` } : undefined),
  );
  // The honest link still works.
  const mailed = app.unsubscribeLinks.link({ slug: site.slug, url: site.url ?? `https://${site.slug}.example` }, `owner-${stamp}@example.com`)!;
  await r.attempt('hardening/unsubscribe', "a mail's link unsubscribes its address", post(host, Object.fromEntries(new URL(mailed).searchParams)), (a) =>
    a.status === 200 ? undefined : { fail: `expected 200, got ${a.status}: ${a.body}` },
  );
}

export const hardening: SecurityModule = {
  name: 'hardening: redirects, audit log, feeds, views, links, unsubscribe',
  async run(ctx) {
    const own = ctx.sites.find((s) => s.slug === 'big-sky-cars') ?? ctx.sites[0];
    const victim = ctx.sites.find((s) => s.slug === 'harbourside-mazda') ?? ctx.sites[1];
    const staff = await signIn(ctx.app.port, staffEmail(own.slug));
    const admin = await signIn(ctx.app.port, ADMIN_EMAIL);
    await redirects(ctx, own);
    await auditLog(ctx, own, victim, staff, admin);
    await feeds(ctx, own, victim, staff);
    await links(ctx, own, staff);
    await unsubscribe(ctx, own, victim);
  },
};
