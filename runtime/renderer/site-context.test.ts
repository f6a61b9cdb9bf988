import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageExists } from './page-exists';
import { pageRoutes } from './routes';
import { publicSite } from './site-context';
import { resolveTenantFile } from '../tenants/resolve';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import { validateTenantDocument } from '../tenants/validate';

const garagePage = (id: string) => ({ title: 'My Garage', blocks: [{ id, type: 'watchlist', props: {} }] });

function site(accounts: Record<string, unknown>) {
  const base = minimalTenant();
  const dir = tempTenantsDir({
    'test-motors': { ...base, settings: { accounts }, pages: { ...base.pages, '/my-garage': garagePage('garage'), '/mytest': garagePage('mytest') } },
  });
  const result = validateTenantDocument(resolveTenantFile(join(dir, 'test-motors.json'), join(dir, 'templates')));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return publicSite(result.doc);
}

describe('the public site and the garage gate', () => {
  it('routes and links to the garage pages only where the site turns the garage on', { timeout: 60_000 }, () => {
    const off = site({ garagePages: ['/my-garage', '/mytest'] });
    expect(pageRoutes(off).map((r) => r.id)).not.toContain('/my-garage');
    expect(pageExists(off.pages, '/my-garage')).toBe(false);
    expect(pageExists(off.pages, '/mytest')).toBe(false);
    const on = site({ garageEnabled: true, garagePages: ['/my-garage', '/mytest'] });
    expect(pageExists(on.pages, '/my-garage')).toBe(true);
    expect(pageExists(on.pages, '/mytest')).toBe(true);
  });
  it("by default only /my-garage is the garage's", () => {
    const off = site({});
    expect(pageExists(off.pages, '/my-garage')).toBe(false);
    expect(pageExists(off.pages, '/mytest')).toBe(true);
  });
});
