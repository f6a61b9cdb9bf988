// CRM endpoints and abuse limits never reach the browser: publicSite() drops settings.leads.crm and .limits.
import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { publicSite } from '../renderer/site-context';

describe('settings.leads in the browser', () => {
  it('keeps the form settings and removes the server-only CRM and limits', () => {
    const doc = {
      slug: 's',
      dealerships: [],
      pages: {},
      settings: {
        // A validated document always has these (the schema's defaults).
        accounts: { garageEnabled: false, garagePages: ['/my-garage'] },
        leads: {
          forms: { termsCheckbox: true },
          crm: { endpoints: [{ dealershipId: 1, url: 'https://crm.example/leads', authorization: 'Bearer secret' }] },
          limits: { perClientPerMinute: 5 },
        },
      },
    } as unknown as TenantDocument;
    const site = publicSite(doc) as unknown as { settings: { leads: Record<string, unknown> } };
    expect(site.settings.leads).toEqual({ forms: { termsCheckbox: true } });
    expect(JSON.stringify(site)).not.toContain('secret');
  });
});
