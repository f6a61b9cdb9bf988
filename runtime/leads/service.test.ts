// LeadService without HTTP: the site's settings.leads.forms decide what a submission must carry.
import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { LeadService } from './service';
import { SqlLeadStore } from './sql-store';

const site = (forms: Record<string, unknown>) =>
  ({
    slug: 'demo',
    dealerships: [{ id: 9, slug: 'demo-motors', name: 'Demo Motors', manufacturer: 'Mazda', locations: [] }],
    settings: { leads: { forms } },
  }) as unknown as TenantDocument;
const values = { name: 'Jo', email: 'jo@example.com', phone: '0412345678', message: 'Hello', category: 'General Enquiry' };

describe('LeadService', () => {
  it('follows the site form settings: terms, postcode, optional comments, location', async () => {
    const service = new LeadService({ store: SqlLeadStore.openSqlite(':memory:') });
    const strict = site({ termsCheckbox: true, postcodeField: true, locationField: true });
    const r = await service.submit(strict, { form: 'enquiry', values }, { idempotencyKey: 'key-00001' });
    expect(r).toEqual({
      status: 422,
      body: {
        error: 'Please fix the following errors:',
        fields: {
          postcode: 'Invalid postcode. Please enter a 4-digit number.',
          location: '* This field is required',
          terms_conditions: '*You must agree to the terms of use before submitting.',
        },
      },
    });
    const ok = await service.submit(
      strict,
      { form: 'enquiry', values: { ...values, postcode: '4000', location: 'Cairns', terms_conditions: true } },
      { idempotencyKey: 'key-00002' },
    );
    expect(ok.status).toBe(201);
    const stored = await service.store.get((ok.body as { lead_id: string }).lead_id);
    expect(stored!.payload).toMatchObject({
      postcode: '4000',
      location: 'Cairns',
      terms_conditions: true,
      dealership_slug: 'demo-motors',
      manufacturer_slug: 'mazda',
    });
    expect(stored!.dealershipId).toBe(9);
    const relaxed = await service.submit(
      site({ commentsRequired: false }),
      { form: 'enquiry', values: { ...values, message: '' } },
      { idempotencyKey: 'key-00003' },
    );
    expect(relaxed.status).toBe(201);
  });

  it('request photos stores the preset message; a car id without a catalogue is not guessed', async () => {
    const service = new LeadService({ store: SqlLeadStore.openSqlite(':memory:') });
    const r = await service.submit(
      site({}),
      { form: 'request-photos', values: { name: 'Jo', email: 'jo@example.com', phone: '0412345678' } },
      { idempotencyKey: 'key-00004' },
    );
    const stored = await service.store.get((r.body as { lead_id: string }).lead_id);
    expect(stored!.payload).toMatchObject({ message: 'Please send photos for this car', category: 'General Enquiry', subcategory: 'Request Photos' });
    const noCatalogue = await service.submit(site({}), { form: 'enquiry', values, context: { car_id: 5 } }, { idempotencyKey: 'key-00005' });
    expect(noCatalogue).toEqual({ status: 503, body: { error: 'An error occurred when submitting this form' } });
  });
});
