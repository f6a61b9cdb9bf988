import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenant, loadTenants } from './load';
import { jsonErrorWithLine, resolveTenantFile } from './resolve';
import { minimalTenant, repoRoot, tempTenantsDir } from '../../test-support/tenants';
import { HOME_PAGE_MISSING } from './checks/home-page';
import { contrastFindings, validateTenantDocument } from './validate';

function resolvedMinimal(overrides: Record<string, unknown> = {}) {
  const dir = tempTenantsDir({ 'test-motors': minimalTenant('test-motors', overrides) });
  return resolveTenantFile(join(dir, 'test-motors.json'), join(dir, 'templates'));
}

const problemsOf = (doc: unknown) => {
  const result = validateTenantDocument(doc);
  return result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('shipped tenant documents', () => {
  it('all validate', () => {
    const loaded = loadTenants(join(repoRoot, 'tenants'));
    expect(loaded.length).toBeGreaterThanOrEqual(4);
    for (const t of loaded) expect(t.ok ? [] : t.problems, t.file).toEqual([]);
    // The first validation compiles the whole tenant schema: seconds on a busy machine.
  }, 30_000);
});

describe('validateTenantDocument', () => {
  it('accepts a minimal document and fills in schema defaults', () => {
    const result = validateTenantDocument(resolvedMinimal());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.doc.theme.font).toBe('sans');
    expect(result.doc.navigation.dropdownTrigger).toBe('click');
    const hero = result.doc.pages['/']?.blocks[0];
    expect(hero?.type === 'hero' && hero.props?.align).toBe('left');
    expect(result.doc.dealerships[0].locations[0].visible).toBe(true);
  });

  it('names the path of an unknown block type', () => {
    const doc = resolvedMinimal();
    doc.pages['/'].blocks[0].type = 'heroo';
    expect(problemsOf(doc)).toContainEqual(expect.stringMatching(/^pages\["\/"\]\.blocks\[0\]\.type: unknown block type "heroo"; known types: .*hero/));
    // The schema and the block-type check both see it; it is reported once.
    expect(problemsOf(doc).filter((p) => p.includes('unknown block type')).length).toBe(1);
  });

  it('says once that a site has no home page, instead of one problem per link to "/"', () => {
    const doc = resolvedMinimal();
    delete doc.pages['/'];
    doc.navigation.header = [{ label: 'Home', href: '/' }];
    const problems = problemsOf(doc);
    expect(problems).toContain(`pages: ${HOME_PAGE_MISSING}`);
    expect(problems.filter((p) => p.includes('matches no page'))).toEqual([]);
  });

  it('refuses a gated route that matches no page, and accepts one that does', () => {
    const doc = resolvedMinimal({ settings: { accounts: { gatedRoutes: ['/my-garage', '/my-garage/*', '/cars/:slug/checkout'] } } });
    expect(problemsOf(doc)).toEqual([
      'settings.accounts.gatedRoutes[0]: gated route "/my-garage" matches no page of this site: add the page, or take the route off the list',
      'settings.accounts.gatedRoutes[1]: gated route "/my-garage/*" matches no page of this site: add the page, or take the route off the list',
    ]);
    doc.pages['/my-garage'] = { title: 'My Garage', blocks: [{ id: 'garage', type: 'watchlist', props: {} }] };
    doc.pages['/my-garage/:section'] = { title: 'My Garage', blocks: [{ id: 'garage-section', type: 'watchlist', props: {} }] };
    expect(problemsOf(doc)).toEqual([]);
  });

  it('fails low theme contrast unless the theme says why the site accepts it', () => {
    const doc = { theme: { primary: '#ffaa00', logo: { url: '/l.svg' } } };
    const refused = contrastFindings(doc);
    expect(refused.warnings).toEqual([]);
    expect(refused.errors.map((e) => e.path)).toContain('theme.primary');
    expect(refused.errors[0]?.message).toMatch(/WCAG AA needs at least 4\.5:1 \(or state why the site accepts it in theme\.lowContrastAccepted\)$/);
    const accepted = contrastFindings({ theme: { ...doc.theme, lowContrastAccepted: "The manufacturer's fixed brand orange." } });
    expect(accepted.errors).toEqual([]);
    expect(accepted.warnings.length).toBe(refused.errors.length);
  });

  it('names a missing required field', () => {
    const doc = resolvedMinimal();
    delete doc.dealerships[0].locations[0].address.city;
    expect(problemsOf(doc)).toContain('dealerships[0].locations[0].address.city: required field "city" is missing');
  });

  it('names a string where a number belongs', () => {
    const doc = resolvedMinimal();
    doc.dealerships[0].id = 'ninety';
    expect(problemsOf(doc)).toContain('dealerships[0].id: must be a whole number, but is the text "ninety"');
  });

  it('names the block a bad prop is in', () => {
    const doc = resolvedMinimal();
    doc.pages['/'].blocks[0].props.heading = 42;
    expect(problemsOf(doc)).toContain('pages["/"].blocks[0].props.heading: must be text, but is number 42 (in block "home-hero" of type hero)');
  });

  it('rejects unknown fields and bad colours in plain words', () => {
    const doc = resolvedMinimal();
    doc.theme.primary = 'blue';
    doc.theme.colour = '#000000';
    const problems = problemsOf(doc);
    expect(problems).toContainEqual(expect.stringMatching(/^theme\.primary: the text "blue" does not have the expected form \(A colour as #rrggbb\)/));
    expect(problems).toContainEqual(expect.stringMatching(/^theme\.colour: unknown field "colour"; allowed fields: primary/));
  });

  it('finds duplicate routes, duplicate block ids and missing references', () => {
    const doc = resolvedMinimal();
    doc.pages['/trucks/:slug'] = { title: 'Truck', blocks: [{ id: 'home-hero', type: 'hero', props: { heading: 'x' } }] };
    doc.pages['/trucks/:id/'] = { title: 'Truck again', blocks: [] };
    const problems = problemsOf(doc);
    expect(problems).toContain('pages["/trucks/:id/"]: route "/trucks/:id/" duplicates the route "/trucks/:slug"');
    expect(problems).toContain('pages["/trucks/:slug"].blocks[0].id: block id "home-hero" is already used at pages["/"].blocks[0]');
  });

  it('finds duplicate location ids and links to pages that do not exist', () => {
    const doc = resolvedMinimal();
    doc.dealerships.push({ ...structuredClone(doc.dealerships[0]), id: 9002, slug: 'second' });
    doc.navigation.header.push({ label: 'Fleet', href: '/fleet' });
    const problems = problemsOf(doc);
    expect(problems).toContain('dealerships[1].locations[0].id: location id 90011 is already used at dealerships[0].locations[0].id');
    expect(problems).toContain('navigation.header[2].href: link "/fleet" matches no page of this site');
  });

  it("links to model and brand pages only for the site's own models and brands", () => {
    const doc = resolvedMinimal();
    doc.dealerships[0].stock = { ...doc.dealerships[0].stock, kinds: ['car'], makes: ['Mazda'] };
    doc.pages['/:model'] = { title: 'Model', data: 'model', blocks: [] };
    doc.pages['/:brand/overview'] = { title: 'Brand', data: 'brand', blocks: [] };
    const start = doc.navigation.header.length;
    for (const href of ['/mazda3', '/mazda-cx-5', '/mazda/overview', '/toyota-hilux', '/toyota/overview', '/fleet'])
      doc.navigation.header.push({ label: href, href });
    const problems = problemsOf(doc).filter((p) => p.includes('matches no page'));
    expect(problems).toEqual([
      `navigation.header[${start + 3}].href: link "/toyota-hilux" matches no page of this site`,
      `navigation.header[${start + 4}].href: link "/toyota/overview" matches no page of this site`,
      `navigation.header[${start + 5}].href: link "/fleet" matches no page of this site`,
    ]);
  });

  it('names brand tile makes that are not in the manufacturer list', () => {
    const doc = resolvedMinimal();
    doc.pages['/'].blocks.push({ id: 'tiles', type: 'brand-tiles', props: { moreMakes: { motorcycle: ['Yamaha', 'Yamahaa'] } } });
    expect(problemsOf(doc)).toContain('pages["/"].blocks[1].props.moreMakes.motorcycle[1]: "Yamahaa" is not a make of the manufacturer list');
    expect(problemsOf(doc).filter((p) => p.includes('Yamaha"'))).toEqual([]);
  });

  it('finds links to missing pages in page blocks: link props, markup links in text, and blocks inside slots', () => {
    const doc = resolvedMinimal();
    doc.pages['/'].blocks.push(
      { id: 'cta', type: 'cta-banner', props: { heading: 'Go', button: { label: 'Go', href: '/nowhere?x=1' } } },
      {
        id: 'faq',
        type: 'accordion',
        props: { items: [{ title: 'Q', body: 'See [the fleet page](/fleet) or [us](/contact) or [a site](https://example.com)' }] },
      },
      {
        id: 'cols',
        type: 'columns',
        props: {},
        slots: {
          main: [
            {
              id: 'cards',
              type: 'link-cards',
              props: {
                cards: [
                  { title: 'A', href: '/twg-tyres' },
                  { title: 'B', href: '/#top' },
                ],
              },
            },
          ],
        },
      },
    );
    const problems = problemsOf(doc).filter((p) => p.includes('matches no page'));
    expect(problems).toEqual([
      'pages["/"].blocks[1].props.button.href: link "/nowhere?x=1" matches no page of this site',
      'pages["/"].blocks[2].props.items[0].body: link "/fleet" matches no page of this site',
      'pages["/"].blocks[3].slots.main[0].props.cards[0].href: link "/twg-tyres" matches no page of this site',
    ]);
  });

  it("checks slot contents against the slot's allowed categories", () => {
    const doc = resolvedMinimal();
    doc.pages['/'].blocks.push({ id: 'cols', type: 'columns', props: {}, slots: { main: [{ id: 'inner-cols', type: 'columns', props: {} }] } });
    expect(problemsOf(doc)).toContain(
      'pages["/"].blocks[1].slots.main[0]: a columns block (category layout) cannot go in the "main" slot of columns; allowed categories: content',
    );
  });

  it('keeps blocks that need a vehicle off pages without one', () => {
    const doc = resolvedMinimal();
    doc.pages['/'].blocks.push({ id: 'gallery', type: 'vehicle-gallery', props: {} });
    expect(problemsOf(doc)).toContain('pages["/"].blocks[1]: a vehicle-gallery block needs a page with "data": "vehicle", but this page has "data": "none"');
  });
});

describe('templates', () => {
  it('a tenant inherits its template pages and can delete one with null', () => {
    const doc = resolvedMinimal({ pages: { '/': minimalTenant().pages['/'], '/careers': null } });
    expect(Object.keys(doc.pages)).toContain('/about-us');
    expect(Object.keys(doc.pages)).not.toContain('/careers');
    expect(doc.template).toBe('base');
  });

  it('reports a missing template and a slug that does not match the file name', () => {
    const dir = tempTenantsDir({ 'a-motors': minimalTenant('a-motors', { template: 'nope' }), 'b-motors': minimalTenant('other-slug') });
    const a = loadTenant(join(dir, 'a-motors.json'), join(dir, 'templates'));
    const b = loadTenant(join(dir, 'b-motors.json'), join(dir, 'templates'));
    expect(a.ok === false && a.problems[0]?.message).toBe(
      'template "nope" is not one of the templates (base, dealer-group, leisure, single-brand, used-supermarket)',
    );
    expect(b.ok === false && b.problems.map((p) => p.message)).toContain('slug "other-slug" must match the file name "b-motors"');
  });
});

describe('hostile documents', () => {
  it('refuses __proto__, constructor and prototype keys wherever they are', () => {
    const resolved = resolvedMinimal();
    // JSON.parse keeps "__proto__" as an own key, as a request body or a file would bring it.
    const text = JSON.stringify(resolved)
      .replace('"theme":{', '"theme":{"__proto__":{"x":1},')
      .replace('"heading":', '"constructor":{"prototype":1},"heading":');
    const result = validateTenantDocument(JSON.parse(text));
    expect(result.ok).toBe(false);
    const reserved = !result.ok ? result.problems.filter((p) => p.code === 'reserved-key').map((p) => p.path) : [];
    expect(reserved).toContain('theme.__proto__');
    expect(reserved.some((p) => p.endsWith('props.constructor'))).toBe(true);
  });

  it('refuses a 20,000-level document before walking it', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    let deep: any = {};
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const result = validateTenantDocument({ ...minimalTenant(), settings: deep });
    expect(result).toEqual({ ok: false, problems: [{ path: '(document)', message: 'the document is nested more than 64 levels deep', code: 'schema' }] });
  });
});

describe('cross-document checks that throw', () => {
  it('report a problem naming the check, so the document never passes', async () => {
    const { checks } = await import('./checks');
    const failing = {
      meta: { code: 'exploding-check', description: 'throws' },
      run: () => {
        throw new Error('boom');
      },
    };
    checks.push(failing);
    try {
      const result = validateTenantDocument(minimalTenant());
      expect(result.ok).toBe(false);
      expect(result.problems).toContainEqual({ path: '(document)', message: 'the exploding-check check could not run: boom', code: 'exploding-check' });
    } finally {
      checks.splice(checks.indexOf(failing), 1);
    }
  });
});

describe('JSON syntax errors', () => {
  it('name the line and column, which an editor can jump to', () => {
    // The second comma of line 2 is its 15th character.
    expect(jsonErrorWithLine('{\n  "slug": "x",,\n}', 'Expected double-quoted property name in JSON at position 16')).toBe(
      'Expected double-quoted property name at line 2, column 15',
    );
    // Newer Node versions add their own line and column; the message keeps one.
    expect(jsonErrorWithLine('{\n "a":1,,}', 'Expected double-quoted property name in JSON at position 9 (line 2 column 8)')).toBe(
      'Expected double-quoted property name at line 2, column 8',
    );
    expect(jsonErrorWithLine('{\n "a": 1', 'Unexpected end of JSON input')).toBe('Unexpected end of JSON input at line 2, column 8');
  });

  it('are reported by the loader with the file and position', () => {
    const dir = tempTenantsDir();
    writeFileSync(join(dir, 'broken.json'), '{\n  "slug": "broken",\n  "name": "Broken"\n  "template": "base"\n}\n');
    const loaded = loadTenant(join(dir, 'broken.json'), join(dir, 'templates'));
    expect(loaded.ok ? [] : loaded.problems.map((p) => p.message)).toEqual([expect.stringMatching(/broken\.json is not valid JSON: .* at line 4, column 3$/)]);
  });
});
