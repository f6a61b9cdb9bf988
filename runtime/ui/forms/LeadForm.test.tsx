// Server render of the lead form per site settings: which fields show, which are marked required, what starts filled.
import { renderToString } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { SiteContext } from '../../renderer/site-context';
import { LeadForm, type LeadFormProps } from './LeadForm';
import { KmsField, MoneyField } from './number-fields';
import { allSettingsWithDefaults } from '../../../test-support/settings-defaults';

const location = (id: number, name: string) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  address: { street: '1 Main St', city: 'Town', state: 'NSW', postcode: '2000' },
  contact_detail: { phone: '0299990000' },
});
const site = (forms: Record<string, unknown>, dealershipCount = 1) =>
  ({
    slug: 'test-site',
    name: 'Test Site',
    settings: allSettingsWithDefaults({ leads: { forms } }),
    dealerships: Array.from({ length: dealershipCount }, (_, i) => ({
      id: 900 + i,
      name: `Dealer ${i + 1}`,
      slug: `dealer-${i + 1}`,
      locations: [location(9000 + i, `Yard ${i + 1}`)],
    })),
    pages: {},
  }) as unknown as TenantDocument;

function render(doc: TenantDocument, props: LeadFormProps): string {
  const router = createMemoryRouter([{ path: '/', element: <LeadForm {...props} /> }]);
  return renderToString(
    <SiteContext.Provider value={doc}>
      <RouterProvider router={router} />
    </SiteContext.Provider>,
  );
}

const names = (html: string) => [...html.matchAll(/ name="([^"]+)"/g)].map((m) => m[1]);

describe('LeadForm', () => {
  it('a default enquiry: category (General Enquiry), name, email, phone, required comments, opt-in ticked', () => {
    const html = render(site({}), { form: 'enquiry' });
    expect(names(html)).toEqual(['category', 'name', 'email', 'phone', 'message', 'opt_in', 'contact_me_by_fax_only']);
    expect(html).toMatch(/<option value="General Enquiry" selected="">General Enquiry<\/option>/);
    expect(html).toMatch(/name="opt_in" checked=""/);
    expect(html).toContain('Comments<span class="form-required" aria-hidden="true"> *</span>');
    expect(html).toContain('Send Enquiry');
    expect(html).not.toContain('Please fix the following errors:');
  });

  it('several dealerships, location, last name, terms, postcode, rego; comments optional', () => {
    const html = render(
      site({ commentsRequired: false, locationField: true, lastNameField: true, termsCheckbox: true, postcodeField: true, regoField: true }, 2),
      { form: 'contact' },
    );
    expect(names(html)).toEqual([
      'category',
      'dealership_slug',
      'name',
      'last_name',
      'email',
      'phone',
      'postcode',
      'location',
      'rego',
      'message',
      'opt_in',
      'terms_conditions',
      'contact_me_by_fax_only',
    ]);
    expect(html).toContain('First Name');
    expect(html).toMatch(/name="postcode"[^>]*maxLength="4"|maxLength="4"[^>]*name="postcode"/);
    expect(html).not.toContain('Comments<span class="form-required"');
    expect(html).toContain('<a href="/terms-and-conditions" target="_blank" rel="noopener noreferrer">terms of use</a>');
  });

  it('multi-step: the first step holds the enquiry and offers Next', () => {
    const html = render(site({ multiStep: true, regoField: true }), { form: 'enquiry' });
    expect(names(html)).toEqual(['category', 'rego', 'message', 'contact_me_by_fax_only']);
    expect(html).toContain('Your Enquiry');
    expect(html).toContain('>Next<');
  });

  it('Request Photos: no comments box, the prefilled hidden text; a car hides the dealership select', () => {
    const car = { id: 5, slug: 'car-5', name: '2022 Mazda CX-5', make: 'Mazda', model: 'CX-5', dealership_id: 901 };
    const html = render(site({}, 2), { form: 'request-photos', car });
    expect(names(html)).toEqual(['name', 'email', 'phone', 'opt_in', 'message', 'contact_me_by_fax_only']);
    expect(html).toContain('type="hidden" name="message" value="Please send photos for this car"');
  });

  it('test drive: optional date and time, optional message', () => {
    const html = render(site({}), { form: 'test-drive' });
    expect(names(html)).toEqual(['name', 'email', 'phone', 'preferred_date', 'preferred_time', 'message', 'opt_in', 'contact_me_by_fax_only']);
    expect(html).not.toContain('Comments<span class="form-required"');
    expect(html).toContain('No times available');
  });
});

function Money({ value, high }: { value: number | ''; high?: boolean }) {
  const methods = useForm({ defaultValues: { budget: value } });
  return (
    <FormProvider {...methods}>
      <MoneyField name="budget" label="Budget" highValueQuickPicks={high} />
    </FormProvider>
  );
}

function Kms() {
  const methods = useForm({ defaultValues: { odometer: 85000 } });
  return (
    <FormProvider {...methods}>
      <KmsField name="odometer" label="Odometer" />
    </FormProvider>
  );
}

describe('MoneyField', () => {
  it('shows a $ prefix, thousands separators and the quick picks', () => {
    const html = renderToString(<Money value={27990} />);
    expect(html).toContain('<span class="form-prefix" aria-hidden="true">$</span>');
    expect(html).toContain('value="27,990"');
    expect(html).toContain('>$5,000</button>');
    expect(html).toContain('>$70,000</button>');
    const high = renderToString(<Money value="" high />);
    expect(high).toContain('>$300,000</button>');
    expect(high).toContain('>$800,000</button>');
    expect(high).not.toContain('>$5,000</button>');
  });

  it('kilometres: a kms suffix, separators and quick picks', () => {
    const html = renderToString(<Kms />);
    expect(html).toContain('value="85,000"');
    expect(html).toContain('<span class="form-suffix" aria-hidden="true">kms</span>');
    expect(html).toContain('>50,000 kms</button>');
  });
});
