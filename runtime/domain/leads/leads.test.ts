import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import { describe, expect, it } from 'vitest';
import {
  buildLeadPayload,
  detailsToStore,
  HONEYPOT_FIELD,
  LEAD_MESSAGES,
  leadAction,
  leadFormConfig,
  leadFormDefaults,
  leadFormSchema,
  REQUEST_PHOTOS_MESSAGE,
  shouldStoreDetails,
  validateLeadValues,
  visibleFields,
} from './index';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

// A successful lead's event id on a site with the standard ids (the analytics schema's defaults).
const STANDARD_EVENTS = withSettingsDefaults('analytics').events;
const leadEventId = (...lead: Parameters<typeof leadAction>) => STANDARD_EVENTS[leadAction(...lead)];

const two = [
  { slug: 'city', name: 'City' },
  { slug: 'north', name: 'North' },
];
const valid = { name: 'Jo', email: 'jo@example.com', phone: '0412 345 678', message: 'Is it available?', category: 'General Enquiry' };

describe('messages (docs/requirements/dealer-services.md#validation, #errors)', () => {
  it('keeps the seed texts and spelling', () => {
    expect(LEAD_MESSAGES.required).toBe('* This field is required');
    expect(LEAD_MESSAGES.invalidPostcode).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(LEAD_MESSAGES.terms).toBe('*You must agree to the terms of use before submitting.');
    expect(LEAD_MESSAGES.fixErrors).toBe('Please fix the following errors:');
    expect(LEAD_MESSAGES.submitFailed).toBe('An error occurred when submitting this form');
    expect(LEAD_MESSAGES.unexpected).toBe('An unexpected error occured');
    expect(REQUEST_PHOTOS_MESSAGE).toBe('Please send photos for this car');
  });
});

describe('leadFormConfig', () => {
  it('enquiry: category select defaulting to General Enquiry, comments required, opt_in on and true', () => {
    const c = leadFormConfig('enquiry');
    expect(c.category).toBe('General Enquiry');
    expect(c.categorySelect).toBe(true);
    expect(c.commentsRequired).toBe(true);
    expect(leadFormDefaults(c)).toMatchObject({ category: 'General Enquiry', opt_in: true, [HONEYPOT_FIELD]: '' });
    expect(visibleFields(c)).toEqual(['category', 'name', 'email', 'phone', 'message', 'opt_in']);
  });
  it('comments can be turned off; test drive and request photos never require them', () => {
    expect(leadFormConfig('enquiry', { commentsRequired: false }).commentsRequired).toBe(false);
    expect(leadFormConfig('test-drive').commentsRequired).toBe(false);
    expect(leadFormConfig('test-drive').dateTime).toBe(true);
    expect(leadFormDefaults(leadFormConfig('request-photos')).message).toBe('Please send photos for this car');
  });
  it('dealership select only with more than one dealership and when not removed', () => {
    expect(leadFormConfig('enquiry', {}, two.slice(0, 1)).dealershipSelect).toBe(false);
    expect(leadFormConfig('enquiry', {}, two).dealershipSelect).toBe(true);
    expect(leadFormConfig('enquiry', { removeDealershipSelect: true }, two).dealershipSelect).toBe(false);
  });
  it('careers files as General Enquiry / Career Enquiry', () => {
    const c = leadFormConfig('careers');
    expect([c.category, c.subcategory]).toEqual(['General Enquiry', 'Career Enquiry']);
  });
  it('multi-step splits the shown fields into steps', () => {
    const c = leadFormConfig('enquiry', { multiStep: true, termsCheckbox: true }, two);
    expect(c.steps).toEqual([
      ['category', 'dealership_slug', 'message'],
      ['name', 'email', 'phone', 'opt_in', 'terms_conditions'],
    ]);
  });
});

describe('leadFormSchema / validateLeadValues', () => {
  it('PreferredContactMethod defaults to Phone on the trade-in valuation only; an enquiry never gets one it did not ask for', () => {
    const enquiry: Record<string, unknown> = { ...valid };
    expect(validateLeadValues(leadFormConfig('enquiry'), enquiry)).toBeNull();
    expect(enquiry.PreferredContactMethod).toBeUndefined();
    expect(buildLeadPayload(enquiry, { form: 'enquiry', url: 'https://x.example/' })).not.toHaveProperty('PreferredContactMethod');
    const tradeIn: Record<string, unknown> = { ...valid, postcode: '4000' };
    expect(validateLeadValues(leadFormConfig('trade-in'), tradeIn)).toBeNull();
    expect(tradeIn.PreferredContactMethod).toBe('Phone');
    const chosen: Record<string, unknown> = { ...valid, PreferredContactMethod: 'SMS' };
    expect(validateLeadValues(leadFormConfig('enquiry'), chosen)).toBeNull();
    expect(chosen.PreferredContactMethod).toBe('SMS');
  });

  it('accepts a valid enquiry and fills opt_in true', () => {
    const values: Record<string, unknown> = { ...valid };
    expect(validateLeadValues(leadFormConfig('enquiry'), values)).toBeNull();
    expect(values.opt_in).toBe(true);
  });
  it('names every missing or blank required field with the seed message', () => {
    const c = leadFormConfig('enquiry', { locationField: true }, two);
    expect(validateLeadValues(c, { name: '  ', category: '' })).toEqual({
      name: '* This field is required',
      category: '* This field is required',
      email: '* This field is required',
      phone: '* This field is required',
      message: '* This field is required',
      location: '* This field is required',
      dealership_slug: '* This field is required',
    });
  });
  it('comments optional when turned off; rego optional', () => {
    expect(validateLeadValues(leadFormConfig('enquiry', { commentsRequired: false, regoField: true }), { ...valid, message: '' })).toBeNull();
  });
  it('postcode: required, exactly 4 digits', () => {
    const c = leadFormConfig('enquiry', { postcodeField: true });
    for (const postcode of [undefined, '', '400', '40000', 'abcd']) {
      expect(validateLeadValues(c, { ...valid, postcode })?.postcode).toBe('Invalid postcode. Please enter a 4-digit number.');
    }
    expect(validateLeadValues(c, { ...valid, postcode: '4000' })).toBeNull();
  });
  it('terms checkbox must be ticked', () => {
    const c = leadFormConfig('enquiry', { termsCheckbox: true });
    expect(validateLeadValues(c, { ...valid, terms_conditions: false })).toEqual({
      terms_conditions: '*You must agree to the terms of use before submitting.',
    });
    expect(validateLeadValues(c, { ...valid })).toEqual({ terms_conditions: '*You must agree to the terms of use before submitting.' });
    expect(validateLeadValues(c, { ...valid, terms_conditions: true })).toBeNull();
  });
  it('email and Australian phone formats', () => {
    const c = leadFormConfig('enquiry');
    expect(validateLeadValues(c, { ...valid, email: 'jo@' })).toEqual({ email: 'Please enter a valid email address.' });
    for (const phone of ['0412345678', '+61 412 345 678', '(07) 3123 4567', '1300 123 456', '131 313'])
      expect(validateLeadValues(c, { ...valid, phone })).toBeNull();
    for (const phone of ['12345', '0412 345 67', '+1 555 123 4567', 'call me'])
      expect(validateLeadValues(c, { ...valid, phone })).toEqual({ phone: 'Please enter a valid Australian phone number.' });
  });
  it('honeypot must be empty; the dealership must be one of the site', () => {
    const c = leadFormConfig('enquiry', {}, two);
    expect(validateLeadValues(c, { ...valid, dealership_slug: 'north', [HONEYPOT_FIELD]: 'http://spam' })).toEqual({
      [HONEYPOT_FIELD]: 'This field must be left empty.',
    });
    expect(validateLeadValues(c, { ...valid, dealership_slug: 'elsewhere' })).toEqual({ dealership_slug: 'This dealership is not part of this website.' });
    expect(validateLeadValues(c, { ...valid, dealership_slug: '' })).toEqual({ dealership_slug: '* This field is required' });
  });
  it('checks one step of a multi-step form', () => {
    const c = leadFormConfig('enquiry', { multiStep: true });
    expect(validateLeadValues(c, { category: 'General Enquiry' }, { step: 0 })).toEqual({ message: '* This field is required' });
    expect(validateLeadValues(c, { category: 'General Enquiry', message: 'Hi' }, { step: 0 })).toBeNull();
  });
  it('compiles in a fresh Ajv with ajv-errors as the browser resolver does', () => {
    const ajv = new Ajv({ allErrors: true });
    ajvErrors(ajv);
    const validate = ajv.compile(leadFormSchema(leadFormConfig('enquiry', { termsCheckbox: true, postcodeField: true }, two)));
    expect(validate({ ...valid, postcode: '4000', terms_conditions: true, dealership_slug: 'city' })).toBe(true);
  });
});

describe('event ids (docs/requirements/dealer-services.md#calls)', () => {
  it('pins every id', () => {
    expect(leadEventId('contact')).toBe(22);
    expect(leadEventId('finance', { car_type: 'new' })).toBe(22);
    expect(leadEventId('enquiry', { car_type: 'new' })).toBe(14);
    expect(leadEventId('enquiry', { car_type: 'used' })).toBe(15);
    expect(leadEventId('enquiry')).toBe(22);
    expect(leadEventId('test-drive', { car_type: 'new' })).toBe(17);
    expect(leadEventId('test-drive', { car_type: 'used', tag: 'Test Drive Only' })).toBe(17);
    expect(leadEventId('test-drive', { car_type: 'used' })).toBe(48);
    expect(leadEventId('careers')).toBe(51);
  });
});

describe('shouldStoreDetails', () => {
  it('only with name, email and phone all present', () => {
    expect(shouldStoreDetails({ name: 'Jo', email: 'a@b.co', phone: '0412345678' })).toBe(true);
    expect(shouldStoreDetails({ name: 'Jo', email: 'a@b.co', phone: ' ' })).toBe(false);
    expect(shouldStoreDetails({ name: 'Jo', phone: '0412345678' })).toBe(false);
    expect(detailsToStore({ name: 'Jo ', email: 'a@b.co', phone: '0412345678', postcode: '4000', message: 'x' })).toEqual({
      name: 'Jo',
      email: 'a@b.co',
      phone: '0412345678',
      postcode: '4000',
    });
  });
});

describe('buildLeadPayload', () => {
  const car = {
    id: 77,
    make: 'Mercedes Benz',
    model: 'C300',
    year: 2021,
    stocknum: 'S123',
    car_type: 'used',
    status: 'in_stock',
    dealership_id: 5,
    dealership_slug: 'north',
  };
  it('fills every field of the seed payload', () => {
    const p = buildLeadPayload(
      { ...valid, last_name: 'Citizen', postcode: '4000', rego: 'abc123', location: 'City', opt_in: false, additional_services: ['Detailing'] },
      {
        form: 'enquiry',
        car,
        url: 'https://x.localhost/cars/c300?utm_source=google',
        visitedPages: ['/', '/cars/c300'],
        userAgent: 'UA',
        pageId: '/cars/:slug',
        autogaugeEnabled: true,
      },
    );
    expect(p).toEqual({
      category: 'General Enquiry',
      subcategory: null,
      url: 'https://x.localhost/cars/c300?utm_source=google',
      source: 'Website',
      user_agent: 'UA',
      car_id: 77,
      car_dealership_id: 5,
      lead_attributes: { visited_pages: ['/', '/cars/c300'], linked_query_params: { utm_source: 'google' } },
      opt_in: false,
      message: 'Is it available?',
      dealership_slug: 'north',
      manufacturer_slug: 'mercedes-benz',
      stock_number: 'S123',
      'Vehicle Make': 'Mercedes Benz',
      'Vehicle Model': 'C300',
      'Vehicle Year': 2021,
      car_type: 'used',
      vehicle_status: 'in_stock',
      autogauge_enabled: true,
      name: 'Jo',
      last_name: 'Citizen',
      email: 'jo@example.com',
      phone: '0412 345 678',
      postcode: '4000',
      Rego: 'ABC123',
      location: 'City',
      page_id: '/cars/:slug',
      additional_services: ['Detailing'],
      lead_id: null,
      lead_status: 'Complete',
      form_completed: true,
    });
  });
  it('careers become General Enquiry / Career Enquiry; incomplete steps are marked', () => {
    const p = buildLeadPayload({ ...valid, category: 'Something' }, { form: 'careers', url: '/careers', completed: false });
    expect([p.category, p.subcategory, p.lead_status, p.form_completed, p.opt_in, p.car_id]).toEqual([
      'General Enquiry',
      'Career Enquiry',
      'Incomplete',
      false,
      true,
      null,
    ]);
  });
  it('parts enquiries file as Parts Enquiry with the registration, whatever category is posted; event 22', () => {
    const c = leadFormConfig('parts');
    expect([c.category, c.categorySelect, c.regoField]).toEqual(['Parts Enquiry', false, true]);
    // The site's enquiry-form setting (schema default false) does not take the registration off the parts form.
    expect(leadFormConfig('parts', { regoField: false }).regoField).toBe(true);
    const p = buildLeadPayload({ ...valid, category: 'Finance Enquiry' }, { form: 'parts', url: '/parts/search' }, c);
    expect([p.category, p.subcategory]).toEqual(['Parts Enquiry', null]);
    expect(leadEventId('parts')).toBe(22);
  });
  it('request photos carries the preset message', () => {
    const c = leadFormConfig('request-photos');
    const p = buildLeadPayload({ name: 'Jo' }, { form: 'request-photos', url: '/cars/x', car }, c);
    expect([p.message, p.subcategory]).toEqual(['Please send photos for this car', 'Request Photos']);
  });
});

describe('checkLeadValues (browser code: precompiled, no schema compiled at run time)', () => {
  it('answers exactly as the server-side validateLeadValues', async () => {
    const { checkLeadValues } = await import('./precompiled');
    const { validateLeadValues } = await import('./validate');
    const config = leadFormConfig('trade-in', { termsCheckbox: true } as never, []);
    for (const values of [
      {},
      { name: 'A', email: 'bad', phone: '1' },
      { name: 'Ann', email: 'a@b.co', phone: '0412 345 678', message: 'x', terms_conditions: true },
    ]) {
      expect(checkLeadValues(config, { ...values })).toEqual(validateLeadValues(config, { ...values }));
    }
  });
});
