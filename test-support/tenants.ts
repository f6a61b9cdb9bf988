// Builds tenant folders in a temporary directory for tests: the shipped templates plus documents a test writes.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..');

export function tempTenantsDir(docs: Record<string, unknown> = {}, { withShippedTenants = false } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'tenants-'));
  cpSync(join(repoRoot, 'tenants/templates'), join(dir, 'templates'), { recursive: true });
  if (withShippedTenants) cpSync(join(repoRoot, 'tenants'), dir, { recursive: true });
  for (const [slug, doc] of Object.entries(docs)) writeFileSync(join(dir, `${slug}.json`), JSON.stringify(doc, null, 2));
  return dir;
}

/** A small valid tenant file over the base template. */
export function minimalTenant(slug = 'test-motors', overrides: Record<string, unknown> = {}) {
  return {
    schemaVersion: 1,
    slug,
    name: 'Test Motors',
    template: 'base',
    theme: { primary: '#123456', logo: { url: '/logo.svg', alt: 'Test Motors logo' } },
    dealerships: [
      {
        id: 9001,
        name: 'Test Motors',
        slug: 'test-motors',
        locations: [
          {
            id: 90011,
            name: 'Test Motors Sales',
            slug: 'test-motors-sales',
            primary: true,
            address: { street: '1 Test Street', city: 'Brisbane', state: 'QLD', postcode: '4000' },
            contact_detail: { phone: '07 3000 0000' },
          },
        ],
      },
    ],
    navigation: {
      header: [
        { label: 'Home', href: '/' },
        { label: 'About', href: '/about-us' },
      ],
      footer: [{ title: 'Company', links: [{ label: 'Contact', href: '/contact' }] }],
    },
    pages: {
      '/': { title: 'Home', blocks: [{ id: 'home-hero', type: 'hero', props: { heading: 'Welcome to Test Motors' } }] },
    },
    ...overrides,
  };
}
