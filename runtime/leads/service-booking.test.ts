// POST /api/leads with form "service": the wizard's rules on the server, and every service field stored for the CRM.
import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { leadToAdf } from './adf';
import { LeadService } from './service';
import { SqlLeadStore } from './sql-store';
import { allSettingsWithDefaults } from '../../test-support/settings-defaults';

const NOW = Date.parse('2026-11-23T00:00:00Z'); // Monday 10:00 in Brisbane
const hours = [1, 2, 3, 4, 5, 6]
  .map((weekday) => ({ weekday, status: 'Open', open: '07:30', close: '17:00' }))
  .concat([{ weekday: 0, status: 'Closed' } as never]);
const location = (id: number, name: string, type: string) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  location_type: type,
  address: { street: '1 Road', city: 'Newstead', state: 'QLD', postcode: '4006' },
  contact_detail: { phone: '07 3000 0000', opening_hours: hours },
  special_hours: [{ date: '2026-11-27', status: 'Closed' }],
});
const tenant = (service: Record<string, unknown> = {}) =>
  ({
    slug: 'demo',
    dealerships: [
      {
        id: 9,
        slug: 'demo-motors',
        name: 'Demo Motors',
        manufacturer: 'Mazda',
        locations: [location(91, 'Demo Sales', 'sales'), location(92, 'Demo Service', 'service')],
      },
    ],
    settings: allSettingsWithDefaults({ service }),
  }) as unknown as TenantDocument;

const booking = {
  name: 'Jo',
  email: 'jo@example.com',
  phone: '0412 345 678',
  vehicle_make: 'Mazda',
  vehicle_model: 'CX-5',
  vehicle_year: '2021',
  rego: 'abc123',
  vehicle_state: 'QLD',
  service_interval: '45,000 km',
  service_type: 'Logbook Service',
  repair_issue: 'Brakes squeal',
  location_id: '92',
  preferred_date: '2026-11-24',
  message: 'Loan car please',
  street: '5 High St',
  suburb: 'Newstead',
  state: 'QLD',
  postcode: '4006',
};

describe('service booking leads', () => {
  const service = () => new LeadService({ store: SqlLeadStore.openSqlite(':memory:'), now: () => NOW });

  it('refuses a closed or past date and missing required fields with the wizard messages', async () => {
    const s = service();
    const site = tenant({ serviceTypes: ['Logbook Service'], serviceIntervalRequired: true });
    const closed = await s.submit(site, { form: 'service', values: { ...booking, preferred_date: '2026-11-27' } }, { idempotencyKey: 'svc-00001' });
    expect(closed.status).toBe(422);
    expect(closed.body).toEqual({
      error: 'Please fix the following errors:',
      fields: { preferred_date: 'The service centre is closed on that day. Please choose another date.' },
    });
    const missing = await s.submit(
      site,
      { form: 'service', values: { ...booking, service_type: '', service_interval: '', preferred_date: '2026-11-20' } },
      { idempotencyKey: 'svc-00002' },
    );
    expect(missing.body).toMatchObject({
      fields: {
        service_type: '* This field is required',
        service_interval: '* This field is required',
        preferred_date: 'Please choose a date from today onwards.',
      },
    });
    const shortVariant = await s.submit(
      tenant({ wizardVariant: 'short' }),
      { form: 'service', values: { ...booking, vehicle_model: '' } },
      { idempotencyKey: 'svc-00003' },
    );
    expect(shortVariant.body).toMatchObject({ fields: { vehicle_model: '* This field is required' } });
  });

  it('stores a complete service lead with every service booking field', async () => {
    const s = service();
    const r = await s.submit(
      tenant({ serviceTypes: ['Logbook Service'] }),
      { form: 'service', values: booking, context: { url: 'http://demo.localhost/service' } },
      { idempotencyKey: 'svc-00004' },
    );
    expect(r.status).toBe(201);
    const stored = await s.store.get((r.body as { lead_id: string }).lead_id);
    expect(stored!.dealershipId).toBe(9);
    expect(stored!.payload).toMatchObject({
      category: 'Service Enquiry',
      lead_status: 'Complete',
      form_completed: true,
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 345 678',
      Rego: 'ABC123',
      location: 'Demo Service',
      message: 'Loan car please',
      dealership_slug: 'demo-motors',
      postcode: '4006',
      'Vehicle Make': 'Mazda',
      'Vehicle Model': 'CX-5',
      'Vehicle Year': 2021,
      'Vehicle Rego': 'ABC123',
      'Service Interval': '45,000 km',
      'Service Type': 'Logbook Service',
      'Preferred Service Date': '2026-11-24',
      Comments: 'Loan car please',
      Location: 'Demo Service',
      location_id: 92,
      'Vehicle State': 'QLD',
      Street: '5 High St',
      Suburb: 'Newstead',
      State: 'QLD',
      Postcode: '4006',
      'Repair Issue': 'Brakes squeal',
    });
    const adf = leadToAdf(stored!.payload, { createdAt: NOW });
    expect(adf).toContain('Preferred Service Date: 2026-11-24');
    expect(adf).toContain('Service Type: Logbook Service');
  });

  it('files a vehicle health check under its subcategory', async () => {
    const s = service();
    const r = await s.submit(tenant({ form: 'vehicle-check' }), { form: 'service', values: booking }, { idempotencyKey: 'svc-00005' });
    const stored = await s.store.get((r.body as { lead_id: string }).lead_id);
    expect(stored!.payload).toMatchObject({ category: 'Service Enquiry', subcategory: 'Vehicle Health Check', 'Preferred Service Date': '2026-11-24' });
  });
});
