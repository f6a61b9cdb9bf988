import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTenantsDir } from '../../test-support/tenants';
import { tenantFiles } from './load';
import { templateChangeReport } from './template-change';

describe('a changed template', () => {
  it('reports each tenant it changes and the locked values that change there', () => {
    const dir = tempTenantsDir({}, { withShippedTenants: true });
    const templates = join(dir, 'templates');
    const tenants = tenantFiles(dir).map((f) => ({ slug: f.slice(f.lastIndexOf('/') + 1, -5), text: readFileSync(f, 'utf8') }));
    const template = JSON.parse(readFileSync(join(templates, 'single-brand.json'), 'utf8'));
    template.pages['/:model'].blocks[0].props = { stockHeading: 'Every one in stock' };
    const report = templateChangeReport(templates, tenants, 'single-brand', JSON.stringify(template));
    expect(report).toEqual([{ slug: 'harbourside-mazda', lockedChanges: ['block model-overview'], problems: [] }]);
    // A change under base reaches the tenants of every template extending it.
    const base = JSON.parse(readFileSync(join(templates, 'base.json'), 'utf8'));
    base.navigation.termsOfUse = 'New terms.';
    const all = templateChangeReport(templates, tenants, 'base', JSON.stringify(base));
    expect(all.map((r) => r.slug).sort()).toEqual(tenants.map((t) => t.slug).sort());
  }, 30_000);
});
