// Every link a site's staff can publish refuses script schemes: one schema definition (definitions.href) is used by
// every link-valued prop, and the validator's problem names the JSON path of the link.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tenantSchema from '../../schemas/tenant.schema.json';
import { resolveTenantFile } from './resolve';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import { validateTenantDocument } from './validate';

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
type Schema = Record<string, any>;
const definitions = (tenantSchema as Schema).definitions as Record<string, Schema>;
const hrefPattern = definitions.href?.pattern;
if (typeof hrefPattern !== 'string') throw new Error('the tenant schema has no href pattern');
const href = new RegExp(hrefPattern, 'u');

const SCRIPT_LINKS = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0000javascript:alert(1)',
  'javascript&colon;alert(1)',
  '&#106;avascript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  'javascript&#58;alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD4=',
  'vbscript:msgbox(1)',
  ' vbscript:msgbox(1)',
  'file:///etc/passwd',
  '\\\\evil.example\\share',
];
const HONEST_LINKS = [
  '',
  '/about-us',
  '/search/used?make=Mazda#results',
  '#enquire',
  '?page=2',
  'https://www.mazda.com.au/',
  'HTTPS://WWW.MAZDA.COM.AU/',
  'http://example.com.au',
  'mailto:sales@harbourside.example',
  'tel:+61 7 3000 0000',
  'sms:0412345678',
  'about-us',
  'cars/2021-mazda-cx-5',
  '//cdn.example.com/brochure.pdf',
];

function resolvedMinimal() {
  const dir = tempTenantsDir({ 'test-motors': minimalTenant('test-motors') });
  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
  return resolveTenantFile(join(dir, 'test-motors.json'), join(dir, 'templates')) as Record<string, any>;
}

describe('the link definition', () => {
  it.each(SCRIPT_LINKS)('refuses %j', (value) => expect(href.test(value)).toBe(false));
  it.each(HONEST_LINKS)('allows %j', (value) => expect(href.test(value)).toBe(true));
});

describe('link props of a document', () => {
  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
  const cases: [string, (doc: Record<string, any>, value: string) => void, string][] = [
    ['a header link', (doc, v) => (doc.navigation.header = [{ label: 'Offers', href: v }]), 'navigation.header[0].href'],
    ['a footer link', (doc, v) => (doc.navigation.footer = [{ title: 'More', links: [{ label: 'Offers', href: v }] }]), 'navigation.footer[0].links[0].href'],
    ['the announcement', (doc, v) => (doc.announcement = { text: 'Sale on', href: v }), 'announcement.href'],
    [
      'a hero button',
      (doc, v) => (doc.pages['/'].blocks[0].props = { heading: 'Hi', buttons: [{ label: 'Go', href: v }] }),
      'pages["/"].blocks[0].props.buttons[0].href',
    ],
    [
      'a call-to-action banner',
      (doc, v) => doc.pages['/'].blocks.push({ id: 'cta', type: 'cta-banner', props: { heading: 'Finance', button: { label: 'Go', href: v } } }),
      'pages["/"].blocks[1].props.button.href',
    ],
    [
      'a location setting',
      (doc, v) => (doc.settings = { ...doc.settings, locations: { closedDayLink: { text: 'Book', url: v } } }),
      'settings.locations.closedDayLink.url',
    ],
    ['a directions link', (doc, v) => (doc.dealerships[0].locations[0].address.place_url = v), 'dealerships[0].locations[0].address.place_url'],
  ];

  it.each(cases)('%s with a javascript: link is refused, naming its path', (_what, put, path) => {
    for (const value of ['javascript:alert(document.cookie)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      const doc = resolvedMinimal();
      put(doc, value);
      const result = validateTenantDocument(doc);
      expect(result.ok, `${path} = ${JSON.stringify(value)}`).toBe(false);
      const problem = result.ok ? undefined : result.problems.find((p) => p.path === path);
      expect(problem?.message, JSON.stringify(result.ok ? [] : result.problems)).toContain('does not have the expected form (A page of this site (/about-us)');
    }
  });

  it.each(cases)('%s with a path, an anchor or an https address is accepted', (_what, put) => {
    for (const value of ['/finance', '#enquire', 'https://www.mazda.com.au/']) {
      const doc = resolvedMinimal();
      put(doc, value);
      const result = validateTenantDocument(doc);
      expect(result.ok ? [] : result.problems).toEqual([]);
    }
  });
});

describe('every link-valued prop of the schema', () => {
  // Props whose value is a link a browser follows: named like one, not an image, not a server-side address.
  const LINK_NAME = /(^href$|Href$|^url$|Url$|_url$|^linkTo$|Path$)/;
  const NOT_A_LINK = new Set([
    // Images (rendered by <img>, never followed) and addresses only the server calls.
    'vehicle.tags.certifiedLogoUrl',
    'vehicle.gallery.defaultImageUrl',
    'finance.quote.url',
    'leads.crm.endpoints[].url',
    // A map archive the map script reads by byte ranges (its own pattern allows https or a path ending in .pmtiles).
    'locations.map.pmtilesUrl',
    // The canonical address (format uri: an absolute https address).
    '(document).url',
  ]);
  // Stricter than the definition: a path of the site only, or https.
  const stricter = (s: Schema) => typeof s.pattern === 'string' && /^\^(\/|\(\/\||\(https|https)/.test(s.pattern);

  function linkProps(node: unknown, path: string, out: [string, Schema][]): [string, Schema][] {
    if (!node || typeof node !== 'object') return out;
    const s = node as Schema;
    for (const [key, child] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
      if (LINK_NAME.test(key) && (child.type === 'string' || child.$ref) && !child.enum && child['x-widget'] !== 'image') out.push([`${path}.${key}`, child]);
      linkProps(child, `${path}.${key}`, out);
    }
    if (s.items) linkProps(s.items, `${path}[]`, out);
    return out;
  }

  it('uses the one link definition (or a stricter path or https pattern)', () => {
    const found: [string, Schema][] = [];
    for (const [name, def] of Object.entries(definitions)) {
      if (name.startsWith('block_')) linkProps(def.properties.props, name.slice('block_'.length), found);
      else if (name !== 'href') linkProps(def, name, found);
    }
    for (const [name, group] of Object.entries((tenantSchema as Schema).properties.settings.properties as Record<string, Schema>))
      linkProps(group, name, found);
    linkProps({ properties: { url: (tenantSchema as Schema).properties.url } }, '(document)', found);
    const unchecked = found.filter(([path, s]) => !NOT_A_LINK.has(path) && s.$ref !== '#/definitions/href' && !stricter(s)).map(([path]) => path);
    expect(unchecked).toEqual([]);
    // The walk finds the links it is meant to guard.
    expect(found.map(([p]) => p)).toEqual(
      expect.arrayContaining([
        'link.href',
        'navItem.href',
        'hero.buttons[].href',
        'promotions_slider.slides[].url',
        'vehicle_sidebar.chatUrl',
        'locations.closedDayLink.url',
      ]),
    );
  });
});
