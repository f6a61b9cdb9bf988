// @vitest-environment jsdom
// The location dropdown in lead forms (docs/requirements/dealer-services.md#states, #validation): filtered by make and the site's settings, one option chosen
// automatically once, the dealership set with the site's flag.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { SiteContext } from '../../renderer/site-context';
import { LocationField } from './lead-fields';
import { atLeast } from '../../../test-support/at-least';
import { allSettingsWithDefaults } from '../../../test-support/settings-defaults';

const loc = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  address: { street: '1 Main St', city: 'Town', state: 'NSW', postcode: '2000' },
  contact_detail: { phone: '0299990000' },
  ...extra,
});
const site = (locations: Record<string, unknown>) =>
  ({
    slug: 't',
    name: 'T',
    settings: allSettingsWithDefaults({ locations }),
    pages: {},
    dealerships: [
      {
        id: 1,
        name: 'Land Rover City',
        slug: 'lr-city',
        locations: [loc(11, 'LR Sales', { manufacturers: ['Land Rover'] }), loc(12, 'LR Service', { location_type: 'service', manufacturers: ['Land Rover'] })],
      },
      {
        id: 2,
        name: 'Kia North',
        slug: 'kia-north',
        locations: [loc(21, 'Kia Sales', { manufacturers: ['Kia'] }), loc(22, 'Kia Hidden', { visible: false, manufacturers: ['Kia'] })],
      },
    ],
  }) as unknown as TenantDocument;

function Values() {
  const [location, dealership] = useWatch({ name: ['location', 'dealership_slug'] });
  return <output data-testid="values">{`${location ?? ''}|${dealership ?? ''}`}</output>;
}

function Form({ children, values = { location: '', dealership_slug: '' } }: { children: ReactNode; values?: Record<string, string> }) {
  const methods = useForm({ defaultValues: values });
  return (
    <FormProvider {...methods}>
      {children}
      <Values />
    </FormProvider>
  );
}

const renderField = (doc: TenantDocument, props: { make?: string; type?: 'sales' | 'service' } = {}) =>
  render(
    <SiteContext.Provider value={doc}>
      <Form>
        <LocationField label="Location" choices={[]} {...props} />
      </Form>
    </SiteContext.Provider>,
  );

const options = () => screen.getAllByRole('option').map((o) => o.textContent);
const values = () => screen.getByTestId('values').textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LocationField', () => {
  it('offers visible locations, filtered by the make (spaces become hyphens) and the form type', () => {
    renderField(site({}), { make: 'land rover' });
    expect(options()).toEqual(['Choose a location', 'LR Sales (Town)', 'LR Service (Town)']);
    cleanup();
    renderField(site({}), { type: 'service' });
    expect(options()).toEqual(['Choose a location', 'LR Service (Town)']);
  });
  it("applies the site's excluded, hidden and shown dealership settings", () => {
    renderField(site({ dropdown: { excludedLocationIds: [11], hiddenDealershipIds: [2] } }));
    expect(options()).toEqual(['Choose a location', 'LR Service (Town)']);
    cleanup();
    renderField(site({ dropdown: { shownDealershipIds: [2] } }));
    expect(options()).toEqual(['Choose a location', 'Kia Sales (Town)']);
  });
  it('chooses a single option automatically, once, setting the dealership with the flag', () => {
    renderField(site({ dropdown: { shownDealershipIds: [2], choosingSetsDealership: true } }));
    expect(values()).toBe('Kia Sales|kia-north');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '' } });
    expect(values()).toBe('|kia-north');
  });
  it('without the flag, choosing a location leaves the dealership alone', () => {
    renderField(site({}));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'Kia Sales' } });
    expect(values()).toBe('Kia Sales|');
    cleanup();
    renderField(site({ dropdown: { choosingSetsDealership: true } }));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'LR Service' } });
    expect(values()).toBe('LR Service|lr-city');
  });
});

describe('the nearest location in a form', () => {
  const answer = (locations: { id: number; km: number }[]) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ locations }), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
  const choose = async (doc: TenantDocument, values?: Record<string, string>) => {
    render(
      <SiteContext.Provider value={doc}>
        <Form values={values}>
          <LocationField label="Location" choices={[]} />
        </Form>
      </SiteContext.Provider>,
    );
    fireEvent.change(screen.getByLabelText('Your postcode'), { target: { value: '2750' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    fireEvent.click(atLeast(1, await screen.findAllByRole('button', { name: 'Choose' }), 'the Choose buttons')[0]);
  };
  it("choosing it fills the location and its dealership, even without the site's flag", async () => {
    answer([
      { id: 21, km: 2.1 },
      { id: 11, km: 40 },
    ]);
    await choose(site({ nearestLocationInForms: true }));
    expect(values()).toBe('Kia Sales|kia-north');
  });
  it('leaves the dealership out of a form that has no dealership field', async () => {
    answer([{ id: 11, km: 3 }]);
    await choose(site({ nearestLocationInForms: true }), { location: '' });
    expect(values()).toBe('LR Sales|');
  });
});
