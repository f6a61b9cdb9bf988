// The starting document of a new site (npm run tenants -- new): the template gives the shared pages, navigation and
// settings; the new site brings what every site must write itself — its name and addresses, a home page, and one
// dealership with one location whose details staff then fill in.
import type { TenantDocument } from '../../schemas/generated/tenant';
import { TEMPLATE_NAME } from './resolve';

export interface NewTenantOptions {
  slug: string;
  template: string;
  name: string;
  /** Host names the site answers on; the first one makes its address unless `url` is given. */
  domains: string[];
  url?: string;
  /** Ids not used by any other site (the caller reads the other tenant documents). */
  dealershipId: number;
  locationId: number;
  /** The template's navigation parts; a part it leaves out gets a starting menu here, as the document requires one. */
  templateNavigation?: { header: boolean; footer: boolean };
}

const STARTING_HEADER = [
  { label: 'Home', href: '/' },
  { label: 'Search', href: '/search' },
  { label: 'Finance', href: '/finance' },
  { label: 'Trade-In', href: '/trade-in' },
  { label: 'Contact', href: '/contact' },
];
const STARTING_FOOTER = [
  {
    title: 'Visit Us',
    links: [
      { label: 'Contact', href: '/contact' },
      { label: 'About Us', href: '/about-us' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', href: '/privacy-policy' },
      { label: 'Terms and Conditions', href: '/terms-and-conditions' },
    ],
  },
];

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** What is wrong with the options, one sentence each (empty when they can make a document). */
export function newTenantProblems(o: Partial<NewTenantOptions>, knownTemplates: string[], takenSlugs: string[]): string[] {
  const problems: string[] = [];
  if (!o.slug || !SLUG.test(o.slug) || o.slug.length < 2 || o.slug.length > 63)
    problems.push('The slug must be 2 to 63 lower-case letters, digits and single hyphens (for example "coastal-motors").');
  else if (takenSlugs.includes(o.slug)) problems.push(`A site with the slug "${o.slug}" exists already.`);
  if (!o.template || !TEMPLATE_NAME.test(o.template) || !knownTemplates.includes(o.template))
    problems.push(`Choose a template with --template: one of ${knownTemplates.join(', ')}.`);
  if (!o.name?.trim()) problems.push('Give the dealer\'s name with --name "…".');
  if (!o.domains?.length) problems.push('Give at least one domain with --domain (for example --domain coastalmotors.com.au).');
  for (const d of o.domains ?? []) if (!DOMAIN.test(d)) problems.push(`"${d}" is not a domain name (for example coastalmotors.com.au).`);
  if (o.url !== undefined && !/^https?:\/\/[^/\s]+$/.test(o.url))
    problems.push(`--url must be an origin such as https://www.coastalmotors.com.au (no path), not "${o.url}".`);
  return problems;
}

export function newTenantDocument(o: NewTenantOptions): TenantDocument & { $schema: string } {
  const url = o.url ?? `https://${o.domains[0]}`;
  const nav = o.templateNavigation ?? { header: true, footer: true };
  const navigation = { ...(nav.header ? {} : { header: STARTING_HEADER }), ...(nav.footer ? {} : { footer: STARTING_FOOTER }) };
  return {
    $schema: '../schemas/tenant-file.schema.json',
    schemaVersion: 1,
    slug: o.slug,
    name: o.name,
    template: o.template,
    url,
    domains: o.domains,
    ...(Object.keys(navigation).length ? { navigation } : {}),
    // Left out of the document, theme, navigation and settings come from the template; staff change them in the editor.
    // The logo's description is the site's own (a content image must have one), whichever logo it shows.
    theme: { logo: { alt: `${o.name} logo` } },
    dealerships: [
      {
        id: o.dealershipId,
        name: o.name,
        slug: o.slug,
        locations: [
          {
            id: o.locationId,
            name: o.name,
            slug: o.slug,
            primary: true,
            location_type: 'sales',
            // To fill in: these placeholders validate, so the site serves at once, but they are not the dealer's.
            address: { street: '1 Example Street', city: 'Sydney', state: 'NSW', postcode: '2000', lat: -33.8688, long: 151.2093 },
            contact_detail: { phone: '02 9000 0000', opening_hours: [] },
          },
        ],
      },
    ],
    pages: {
      '/': {
        title: o.name,
        blocks: [
          {
            id: 'home-hero',
            type: 'hero',
            props: {
              heading: o.name,
              subheading: 'New and used cars, finance and service.',
              buttons: [
                { label: 'Search our stock', href: '/search' },
                { label: 'Value my car', href: '/trade-in', style: 'secondary' },
              ],
            },
          },
          { id: 'home-stock-search', type: 'stock-search-hero', props: { heading: 'Search Our Stock' } },
        ],
      },
    },
  } as unknown as TenantDocument & { $schema: string };
}

/** The next free ids after every dealership and location id the other sites use. */
export function freeIds(others: { dealerships?: { id: number; locations?: { id: number }[] }[] }[]): { dealershipId: number; locationId: number } {
  let dealership = 0;
  let location = 0;
  for (const doc of others)
    for (const d of doc.dealerships ?? []) {
      dealership = Math.max(dealership, d.id);
      for (const l of d.locations ?? []) location = Math.max(location, l.id);
    }
  return { dealershipId: dealership + 1, locationId: location + 1 };
}
