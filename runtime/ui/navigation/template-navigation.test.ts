// Every template carries the seed's header and footer (docs/requirements/dealer-services.md#screens), so a new site on any template gets a working menu
// without typing one: the resolved document validates and every link in it leads to one of its pages.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenants } from '../../tenants/load';
import { minimalTenant, tempTenantsDir } from '../../../test-support/tenants';

const templates = ['single-brand', 'dealer-group', 'leisure', 'used-supermarket'];

describe('template navigation', () => {
  const docs = Object.fromEntries(
    templates.map((template, i) => {
      const tenant: Record<string, unknown> = minimalTenant(`nav-${template}`, { template });
      delete tenant.navigation;
      (tenant.dealerships as { id: number; slug: string; locations: { id: number; slug: string }[] }[]).forEach((d) => {
        d.id += i * 10;
        d.slug = `${d.slug}-${i}`;
        d.locations.forEach((l) => ((l.id += i * 100), (l.slug = `${l.slug}-${i}`)));
      });
      return [`nav-${template}`, tenant];
    }),
  );
  const loaded = loadTenants(tempTenantsDir(docs));

  it.each(templates)('%s: a site without its own navigation gets the template menu, valid and with every link a page of the site', (template) => {
    const result = loaded.find((t) => t.file.endsWith(join(`nav-${template}.json`)))!;
    expect(result.ok ? [] : result.problems).toEqual([]);
    const doc = result.ok ? result.doc : undefined;
    const labels = doc!.navigation.header.map((i) => i.label);
    expect(labels.slice(0, 1)).toEqual(['Home']);
    expect(labels).toEqual(expect.arrayContaining(['Stock', 'Finance', 'Service & Parts', 'More']));
    expect(labels.some((l) => l.startsWith('Sell My'))).toBe(true);
    expect(doc!.navigation.termsOfUse).toMatch(/Finance is subject to the lender's approval/);
    // A Range from the catalogue on every template that sells new models; the used-car supermarket has none.
    expect(doc!.navigation.header.some((i) => i.source === 'models')).toBe(template !== 'used-supermarket');
  });
});
