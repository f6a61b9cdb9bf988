import { describe, expect, it } from 'vitest';
import {
  complimentaryServiceText,
  dateIn,
  freeRideText,
  isLocationOpenOn,
  notableDisclaimerFor,
  openServiceDates,
  quickSmartText,
  serviceDateLabel,
  serviceDateProblem,
  serviceFormConfig,
  serviceFormDefaults,
  serviceLeadFields,
  validateServiceBooking,
  validateServiceStep,
  warrantyText,
  type ServiceLocation,
  type ServiceSite,
} from '.';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const DROPDOWN = withSettingsDefaults('locations').dropdown;

// Monday 23 November 2026, 10:00 in Brisbane (00:00 UTC).
const NOW = Date.parse('2026-11-23T00:00:00Z');
const REQUIRED = '* This field is required';
const STEP = 'Please complete the form step before proceeding';

const weekdaysOpen = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open', open: '07:30', close: '17:00' }));
const serviceCentre = (over: Partial<ServiceLocation> = {}): ServiceLocation => ({
  id: 12,
  name: 'City Service',
  location_type: 'service',
  address: { street: '1 Road', city: 'Newstead', state: 'QLD', postcode: '4006' },
  contact_detail: {
    phone: '07 3000 0000',
    opening_hours: [...weekdaysOpen, { weekday: 6, status: 'Open', open: '08:00', close: '12:00' }, { weekday: 0, status: 'Closed' }],
  },
  ...over,
});
const salesYard: ServiceLocation = { ...serviceCentre(), id: 11, name: 'City Sales', location_type: 'sales' };
const oneDealer: ServiceSite = { dealerships: [{ id: 1, slug: 'city', name: 'City Motors', locations: [salesYard, serviceCentre()] }] };
const twoDealers: ServiceSite = {
  dealerships: [
    ...oneDealer.dealerships,
    {
      id: 2,
      slug: 'west',
      name: 'West Motors',
      locations: [{ ...serviceCentre(), id: 21, name: 'West Service', address: { street: '2 Rd', city: 'Perth', state: 'WA', postcode: '6000' } }],
    },
  ],
};

describe('service settings', () => {
  it('default to the seed values (the schema holds them)', () => {
    const s = withSettingsDefaults('service');
    expect(s.quickSmartMinutes).toBe(90);
    expect(s.partnerFreeRideKm).toBe(8);
    expect(s.complimentaryService).toEqual({ km: 3000, months: 3 });
    expect(s.dropOffPickUp).toEqual({ enabled: false, dropOff: ['7:45am', '8:45am'], pickUp: ['2:00pm', '4:30pm'] });
    expect(s.warrantyText).toBe('5 year unlimited kilometre');
  });

  it('build the content texts from the numbers', () => {
    const s = withSettingsDefaults('service');
    expect(quickSmartText(s)).toBe('Quick-Smart service in 90 minutes');
    expect(freeRideText(s)).toBe('Free ride within 8km for a routine service');
    expect(complimentaryServiceText(s)).toBe('Complimentary service at 3,000km or 3 months');
    expect(warrantyText(s)).toBe('5 year unlimited kilometre warranty');
    expect(quickSmartText(withSettingsDefaults('service', { quickSmartMinutes: 60 }))).toBe('Quick-Smart service in 60 minutes');
  });
});

describe('wizard steps', () => {
  it('full variant: Contact Details, Vehicle Details, Order Details', () => {
    const config = serviceFormConfig(withSettingsDefaults('service'), oneDealer, DROPDOWN);
    expect(config.steps.map((s) => s.title)).toEqual(['Contact Details', 'Vehicle Details', 'Order Details']);
    expect(config.steps[0]?.fields).toEqual(['name', 'last_name', 'email', 'phone', 'street', 'suburb', 'state', 'postcode']);
    expect(config.steps[1]?.fields).toContain('repair_issue');
    expect(config.steps[1]?.fields).not.toContain('service_type'); // no service options on this site
    expect(config.stepGate).toBeNull();
  });

  it('short variant: Vehicle Details (rego only), Contact Details, Order Details', () => {
    const config = serviceFormConfig(withSettingsDefaults('service', { wizardVariant: 'short' }), oneDealer, DROPDOWN);
    expect(config.steps.map((s) => s.title)).toEqual(['Vehicle Details', 'Contact Details', 'Order Details']);
    expect(config.steps[0]?.fields).toEqual(['rego', 'vehicle_state', 'vehicle_make', 'vehicle_model', 'vehicle_year']);
    expect(config.required).toContain('rego');
  });

  it('short variant cannot leave Vehicle Details without make, model and year', () => {
    const config = serviceFormConfig(withSettingsDefaults('service', { wizardVariant: 'short' }), oneDealer, DROPDOWN);
    const errors = validateServiceStep(config, 0, { rego: 'ABC123', vehicle_state: 'QLD', vehicle_make: 'Mazda' }, NOW);
    expect(errors?.step).toBe(STEP);
    expect(errors?.fields).toEqual({ vehicle_model: REQUIRED, vehicle_year: REQUIRED });
    expect(
      validateServiceStep(config, 0, { rego: 'ABC123', vehicle_state: 'QLD', vehicle_make: 'Mazda', vehicle_model: 'CX-5', vehicle_year: '2021' }, NOW),
    ).toBeNull();
  });

  it('full variant: each missing required field reads "* This field is required", no step message', () => {
    const config = serviceFormConfig(withSettingsDefaults('service'), oneDealer, DROPDOWN);
    expect(validateServiceStep(config, 0, {}, NOW)).toEqual({ fields: { name: REQUIRED, email: REQUIRED, phone: REQUIRED } });
    expect(validateServiceStep(config, 1, {}, NOW)).toEqual({ fields: { vehicle_make: REQUIRED, vehicle_model: REQUIRED, vehicle_year: REQUIRED } });
    expect(validateServiceStep(config, 0, { name: 'A', email: 'a@b.com', phone: '0412 345 678', postcode: '40' }, NOW)?.fields).toEqual({
      postcode: 'Invalid postcode. Please enter a 4-digit number.',
    });
  });

  it('Service Interval is required only by the setting; Service Type only when the site has service options', () => {
    const plain = serviceFormConfig(withSettingsDefaults('service'), oneDealer, DROPDOWN);
    expect(plain.required).not.toContain('service_interval');
    expect(plain.required).not.toContain('service_type');
    const strict = serviceFormConfig(
      withSettingsDefaults('service', { serviceIntervalRequired: true, serviceTypes: ['Logbook Service', 'Repair'] }),
      oneDealer,
      DROPDOWN,
    );
    expect(strict.steps[1]?.fields).toContain('service_type');
    const errors = validateServiceStep(strict, 1, { vehicle_make: 'Mazda', vehicle_model: 'CX-5', vehicle_year: '2021' }, NOW);
    expect(errors?.fields).toEqual({ service_interval: REQUIRED, service_type: REQUIRED });
    expect(
      validateServiceStep(
        strict,
        1,
        { vehicle_make: 'Mazda', vehicle_model: 'CX-5', vehicle_year: '2021', service_interval: '15,000 km', service_type: 'Tyres' },
        NOW,
      )?.fields,
    ).toEqual({
      service_type: 'Please choose one of the options.',
    });
  });

  it('dealership_slug is required when the site has several dealerships', () => {
    expect(serviceFormConfig(withSettingsDefaults('service'), oneDealer, DROPDOWN).required).not.toContain('dealership_slug');
    const config = serviceFormConfig(withSettingsDefaults('service'), twoDealers, DROPDOWN);
    expect(config.required).toContain('dealership_slug');
    expect(validateServiceStep(config, 2, {}, NOW)?.fields).toMatchObject({ dealership_slug: REQUIRED, location_id: REQUIRED, preferred_date: REQUIRED });
    expect(validateServiceStep(config, 2, { dealership_slug: 'west', location_id: '12', preferred_date: '2026-11-24' }, NOW)?.fields).toEqual({
      location_id: 'This location is not part of the chosen dealership.',
    });
  });

  it('Comments are optional', () => {
    const config = serviceFormConfig(withSettingsDefaults('service'), oneDealer, DROPDOWN);
    expect(validateServiceStep(config, 2, { location_id: '12', preferred_date: '2026-11-24' }, NOW)).toBeNull();
  });

  it('the location dropdown offers service locations only and a single one is selected from the start', () => {
    const config = serviceFormConfig(withSettingsDefaults('service'), oneDealer, DROPDOWN);
    expect(config.locations.map((l) => l.id)).toEqual([12]);
    expect(serviceFormDefaults(config)).toMatchObject({ location_id: '12', vehicle_state: 'QLD', opt_in: true });
    expect(serviceFormDefaults(serviceFormConfig(withSettingsDefaults('service'), twoDealers, DROPDOWN)).location_id).toBeUndefined();
    const noServiceAtSecond: ServiceSite = {
      dealerships: [...oneDealer.dealerships, { id: 3, slug: 'east', name: 'East', locations: [{ ...salesYard, id: 31 }] }],
    };
    const group = serviceFormConfig(withSettingsDefaults('service'), noServiceAtSecond, DROPDOWN);
    expect(group.dealershipSelect).toBe(true);
    expect(group.dealerships.map((d) => d.slug)).toEqual(['city']); // a dealership with nowhere to book is not offered
  });

  it('a site with no service location offers its other locations', () => {
    const site: ServiceSite = { dealerships: [{ id: 1, slug: 'a', name: 'A', locations: [salesYard] }] };
    expect(serviceFormConfig(withSettingsDefaults('service'), site, DROPDOWN).locations.map((l) => l.id)).toEqual([11]);
  });

  it('vehicle check: one shorter step, filed as a Vehicle Health Check', () => {
    const config = serviceFormConfig(withSettingsDefaults('service', { form: 'vehicle-check' }), oneDealer, DROPDOWN);
    expect(config.steps).toHaveLength(1);
    expect(config.subcategory).toBe('Vehicle Health Check');
    expect(config.steps[0]?.fields).not.toContain('street');
  });

  it('the whole booking is checked on submit, every step at once', () => {
    const config = serviceFormConfig(withSettingsDefaults('service', { wizardVariant: 'short' }), oneDealer, DROPDOWN);
    expect(validateServiceBooking(config, {}, NOW)).toMatchObject({ step: STEP, fields: { rego: REQUIRED, name: REQUIRED, preferred_date: REQUIRED } });
  });
});

describe('Preferred Service Date', () => {
  const centre = serviceCentre({
    special_hours: [
      { date: '2026-12-25', status: 'Closed' },
      { date: '2026-11-29', status: 'Open', start_hour: '09:00', end_hour: '13:00' }, // a Sunday opening
      { date: '2026-11-26', status: 'Closed', location_id: 99 }, // another location's holiday
    ],
  });

  it('counts today in the location time zone', () => {
    // 23:30 UTC on Sunday 22 November is already Monday in Brisbane and Perth; 15:30 UTC is still Sunday in Perth.
    const late = Date.parse('2026-11-22T23:30:00Z');
    expect(dateIn('Australia/Brisbane', late)).toBe('2026-11-23');
    expect(dateIn('Australia/Perth', late)).toBe('2026-11-23');
    expect(dateIn('Australia/Perth', Date.parse('2026-11-22T15:30:00Z'))).toBe('2026-11-22');
  });

  it('never in the past', () => {
    expect(serviceDateProblem(centre, '2026-11-20', NOW)).toBe('past');
    expect(serviceDateProblem(centre, '2026-11-23', NOW)).toBeNull(); // today, a Monday
  });

  it('closed weekdays and closed special days are refused; special openings are offered', () => {
    expect(serviceDateProblem(centre, '2026-11-22', NOW)).toBe('past');
    expect(serviceDateProblem(centre, '2026-12-06', NOW)).toBe('closed'); // Sunday
    expect(serviceDateProblem(centre, '2026-12-25', NOW)).toBe('closed'); // Friday, Christmas special hours
    expect(isLocationOpenOn(centre, '2026-11-29')).toBe(true); // Sunday with special hours
    expect(isLocationOpenOn(centre, '2026-11-26')).toBe(true); // the other location's holiday does not apply
    expect(serviceDateProblem(centre, '2026-02-30', NOW)).toBe('invalid');
    expect(serviceDateProblem(centre, '2027-06-01', NOW, 60)).toBe('too-far');
  });

  it('offers only open days from today', () => {
    const dates = openServiceDates(centre, NOW, 14);
    expect(dates[0]).toBe('2026-11-23');
    expect(dates).toContain('2026-11-28'); // Saturday
    expect(dates).toContain('2026-11-29'); // special Sunday
    expect(dates).not.toContain('2026-12-06'); // Sunday
    expect(dates).toHaveLength(13);
    expect(serviceDateLabel('2026-11-24')).toBe('Tue 24/11/2026');
  });

  it('the date is checked against the chosen location with its messages', () => {
    const site: ServiceSite = { dealerships: [{ id: 1, slug: 'city', name: 'City', locations: [centre] }] };
    const config = serviceFormConfig(withSettingsDefaults('service'), site, DROPDOWN);
    const order = 2;
    expect(validateServiceStep(config, order, { location_id: '12', preferred_date: '2026-12-25' }, NOW)?.fields.preferred_date).toBe(
      'The service centre is closed on that day. Please choose another date.',
    );
    expect(validateServiceStep(config, order, { location_id: '12', preferred_date: '2026-11-01' }, NOW)?.fields.preferred_date).toBe(
      'Please choose a date from today onwards.',
    );
  });
});

describe('service lead fields', () => {
  it('carry every service booking field under the seed names', () => {
    const config = serviceFormConfig(withSettingsDefaults('service', { serviceTypes: ['Logbook Service'] }), oneDealer, DROPDOWN);
    const fields = serviceLeadFields(config, {
      vehicle_make: 'Mazda',
      vehicle_model: 'CX-5',
      vehicle_year: '2021',
      rego: 'abc123',
      vehicle_state: 'qld',
      service_interval: '45,000 km',
      service_type: 'Logbook Service',
      preferred_date: '2026-11-24',
      message: 'Rattle',
      location_id: '12',
      street: '5 High St',
      suburb: 'Newstead',
      state: 'QLD',
      postcode: '4006',
      repair_issue: 'Brakes squeal',
    });
    expect(fields).toEqual({
      'Vehicle Make': 'Mazda',
      'Vehicle Model': 'CX-5',
      'Vehicle Year': 2021,
      'Vehicle Rego': 'ABC123',
      'Service Interval': '45,000 km',
      'Service Type': 'Logbook Service',
      'Preferred Service Date': '2026-11-24',
      Comments: 'Rattle',
      Location: 'City Service',
      location_id: 12,
      'Vehicle State': 'QLD',
      Street: '5 High St',
      Suburb: 'Newstead',
      State: 'QLD',
      Postcode: '4006',
      'Repair Issue': 'Brakes squeal',
    });
  });

  it('the notable disclaimer shows for listed locations only', () => {
    const config = serviceFormConfig(withSettingsDefaults('service', { notableDisclaimer: { locationIds: [12], text: 'Note this.' } }), oneDealer, DROPDOWN);
    expect(notableDisclaimerFor(config, '12')).toBe('Note this.');
    expect(notableDisclaimerFor(config, 11)).toBeNull();
  });
});
