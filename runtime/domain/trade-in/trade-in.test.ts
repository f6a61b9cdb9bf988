import { describe, expect, it } from 'vitest';
import {
  addImages,
  BUYING_TEAM_CONTACT,
  BUYING_TEAM_HOURS,
  classifyLookup,
  DEFAULT_REGO_STATE,
  defaultRegoState,
  instantOffer,
  instantValueAllowed,
  MAX_IMAGE_BYTES,
  OFFER_MODEL,
  OFFER_VALID_DAYS,
  offerValidUntil,
  previousView,
  REGO_STATES,
  selectionError,
  showBackButton,
  smsContent,
  smsFrom,
  sniffImageType,
  TRADE_IN_MESSAGES,
  tradeInDetailsErrors,
  vehicleDetailsErrors,
  viewAfterLookup,
  visibleSteps,
  WIZARD_STEPS,
  type ComparableCar,
} from '.';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

describe('trade-in messages (docs/requirements/dealer-services.md#validation, #errors, #constants)', () => {
  it('are spelt as the seed spells them', () => {
    expect(TRADE_IN_MESSAGES.required).toBe('* This field is required');
    expect(TRADE_IN_MESSAGES.chooseOneCar).toBe('* Please choose one car.');
    expect(TRADE_IN_MESSAGES.imageTooLarge).toBe('Please upload an image file under 10MB');
    expect(TRADE_IN_MESSAGES.tooManyImages).toBe('You can only upload 10 images');
    expect(TRADE_IN_MESSAGES.submitFailed).toBe('An error occurred while submitting the form. Please try again.');
    expect(TRADE_IN_MESSAGES.noMatch).toBe('Unfortunately, we could not find a match for your registration number.');
    expect(TRADE_IN_MESSAGES.invalidPostcode).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(OFFER_VALID_DAYS).toBe(7);
    expect(BUYING_TEAM_HOURS).toBe('Mon-Fri 8.30am-5.30pm, Sat 9am-5pm');
    expect(BUYING_TEAM_CONTACT).toContain('same or next business day');
  });
});

describe('step 1: rego and state', () => {
  it('has the eight states, qld by default', () => {
    expect(REGO_STATES).toEqual(['qld', 'nsw', 'vic', 'sa', 'wa', 'tas', 'act', 'nt']);
    expect(DEFAULT_REGO_STATE).toBe('qld');
  });
  it("starts at the state of the site's primary location", () => {
    const at = (state: string | null, primary = true) => ({ primary, address: { state } });
    expect(defaultRegoState([{ locations: [at('NSW', false), at('VIC')] }, { locations: [at('QLD')] }])).toBe('vic');
    expect(defaultRegoState([{ locations: [at('WA', false)] }])).toBe('wa');
    expect(defaultRegoState([{ locations: [at(null)] }])).toBe('qld');
    expect(defaultRegoState([{ locations: [at('Auckland')] }])).toBe('qld');
    expect(defaultRegoState([])).toBe('qld');
  });
  it('requires both, each with the seed message', () => {
    expect(vehicleDetailsErrors({ rego: '', state: '' })).toEqual({ rego: '* This field is required', state: '* This field is required' });
    expect(vehicleDetailsErrors({ rego: '  ', state: 'qld' })).toEqual({ rego: '* This field is required' });
    expect(vehicleDetailsErrors({ rego: 'ABC123', state: 'xx' })).toEqual({ state: '* This field is required' });
    expect(vehicleDetailsErrors({ rego: 'abc 123', state: 'nsw' })).toBeNull();
  });
});

describe('step 2: choose one car', () => {
  it("says '* Please choose one car.' until one of the listed descriptions is chosen", () => {
    expect(selectionError('', ['A', 'B'])).toBe('* Please choose one car.');
    expect(selectionError('C', ['A', 'B'])).toBe('* Please choose one car.');
    expect(selectionError('B', ['A', 'B'])).toBeNull();
  });
});

describe('the flow (docs/requirements/dealer-services.md#states)', () => {
  const descriptions = [{ VIN: 'V1', VechielDescriptions: [{ Description: 'A' }, { Description: 'B' }] }];
  const evaluation = [{ EvalID: 'e1', Make: 'Mazda', Year: 2020 }];
  it('descriptions go to Vehicle Selection', () => {
    expect(classifyLookup(descriptions)).toEqual({ kind: 'descriptions', vin: 'V1', descriptions: ['A', 'B'] });
    expect(viewAfterLookup(classifyLookup(descriptions), true)).toBe('selection');
  });
  it('a single evaluation skips to Upload Images, or to Your Details when image upload is off', () => {
    expect(viewAfterLookup(classifyLookup(evaluation), true)).toBe('images');
    expect(viewAfterLookup(classifyLookup(evaluation), false)).toBe('details');
  });
  it('anything else is the no-match panel', () => {
    for (const answer of [[], null, {}, [{}], [{ VechielDescriptions: [] }], 'x']) expect(viewAfterLookup(classifyLookup(answer), true)).toBe('no-match');
  });
  it('four steps; Upload Images only listed when on; no back button on the first step', () => {
    expect(WIZARD_STEPS.map((s) => s.title)).toEqual(['Vehicle Details', 'Vehicle Selection', 'Upload Images', 'Your Details']);
    expect(visibleSteps(false).map((s) => s.id)).toEqual(['vehicle', 'selection', 'details']);
    expect(showBackButton('vehicle')).toBe(false);
    expect(showBackButton('details')).toBe(true);
    expect(previousView(['vehicle', 'images', 'details'])).toEqual({ view: 'images', history: ['vehicle', 'images'] });
    expect(previousView(['vehicle']).view).toBe('vehicle');
  });
});

describe('Your Details', () => {
  const ok = { postcode: '4000', odometer: 50000, service_history: 'Full service history', number_of_keys: '2', car_condition: 'Good', comments: 'Tidy' };
  it('accepts a complete step', () => expect(tradeInDetailsErrors(ok)).toBeNull());
  it('requires every field, postcode with its own message', () => {
    expect(tradeInDetailsErrors({})).toEqual({
      postcode: 'Invalid postcode. Please enter a 4-digit number.',
      odometer: '* This field is required',
      service_history: '* This field is required',
      number_of_keys: '* This field is required',
      car_condition: '* This field is required',
      comments: '* This field is required',
    });
    expect(tradeInDetailsErrors({ ...ok, postcode: '400' })).toEqual({ postcode: 'Invalid postcode. Please enter a 4-digit number.' });
    expect(tradeInDetailsErrors({ ...ok, odometer: -1 })).toEqual({ odometer: TRADE_IN_MESSAGES.invalidNumber });
    expect(tradeInDetailsErrors({ ...ok, car_condition: 'Mint' })).toEqual({ car_condition: TRADE_IN_MESSAGES.invalidChoice });
  });
});

describe('images (docs/requirements/dealer-services.md#validation)', () => {
  const file = (name: string, size = 1000) => ({ name, size });
  it('takes JPEG, JPG, PNG, GIF and HEIC under 10MB', () => {
    const r = addImages(
      [],
      ['a.jpeg', 'b.JPG', 'c.png', 'd.gif', 'e.heic'].map((n) => file(n)),
    );
    expect(r.images).toHaveLength(5);
    expect(r.alert).toBeNull();
  });
  it("refuses a file of 10MB or more, or another type, with 'Please upload an image file under 10MB'", () => {
    expect(addImages([], [file('big.jpg', MAX_IMAGE_BYTES)])).toEqual({ images: [], alert: 'Please upload an image file under 10MB' });
    expect(addImages([], [file('ok.jpg', MAX_IMAGE_BYTES - 1), file('doc.pdf')])).toEqual({
      images: [file('ok.jpg', MAX_IMAGE_BYTES - 1)],
      alert: 'Please upload an image file under 10MB',
    });
  });
  it("refuses an 11th image with 'You can only upload 10 images'", () => {
    const ten = Array.from({ length: 10 }, (_, i) => file(`${i}.jpg`));
    expect(addImages([], ten).images).toHaveLength(10);
    expect(addImages(ten, [file('11.jpg')])).toEqual({ images: ten, alert: 'You can only upload 10 images' });
    expect(addImages([], [...ten, file('11.jpg')])).toEqual({ images: [], alert: 'You can only upload 10 images' });
  });
  it('knows the type from the bytes, not the name', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(new TextEncoder().encode('GIF89a....'))).toBe('image/gif');
    expect(sniffImageType(new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypheic')]))).toBe('image/heic');
    expect(sniffImageType(new TextEncoder().encode('hello, I am text'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('no instant value over 10 years or over 100,000 km (docs/requirements/dealer-services.md#validation)', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  it('allows at most 10 years and at most 100,000 km', () => {
    expect(instantValueAllowed({ year: 2016, km: 100_000 }, now)).toBe(true);
    expect(instantValueAllowed({ year: 2015, km: 20_000 }, now)).toBe(false);
    expect(instantValueAllowed({ year: 2022, km: 100_001 }, now)).toBe(false);
    expect(instantValueAllowed({ year: null, km: 1 }, now)).toBe(false);
  });
  it('the estimate holds 7 days', () => {
    expect(offerValidUntil(new Date('2026-11-23T10:00:00Z')).toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });
});

describe('the local offer model', () => {
  const stock = (n: number, over: Partial<ComparableCar> = {}): ComparableCar[] =>
    Array.from({ length: n }, (_, i) => ({ make: 'Mazda', model: 'CX-5', year: 2021, km: 40_000, price: 30_000 + i * 1000, ...over }));
  it('is 75% of the median retail for a like car, rounded down to $100', () => {
    expect(instantOffer({ make: 'mazda', model: 'cx-5', year: 2021, km: 40_000 }, stock(5))).toBe(24_000);
  });
  it('is lower for an older car and for more kilometres, never below $500 or above $250,000', () => {
    const base = instantOffer({ make: 'Mazda', model: 'CX-5', year: 2021, km: 40_000 }, stock(5))!;
    expect(instantOffer({ make: 'Mazda', model: 'CX-5', year: 2019, km: 40_000 }, stock(5))!).toBeLessThan(base);
    expect(instantOffer({ make: 'Mazda', model: 'CX-5', year: 2021, km: 90_000 }, stock(5))!).toBeLessThan(base);
    expect(instantOffer({ make: 'Mazda', model: 'CX-5', year: 1990, km: 900_000 }, stock(5, { price: 1000 }))).toBe(OFFER_MODEL.minOffer);
    expect(instantOffer({ make: 'Mazda', model: 'CX-5', year: 2030, km: 0 }, stock(5, { price: 900_000 }))).toBe(OFFER_MODEL.maxOffer);
  });
  it('falls back to the make, and gives no figure with fewer than 3 comparables', () => {
    expect(instantOffer({ make: 'Mazda', model: 'MX-5', year: 2021, km: 40_000 }, stock(3))).toBe(23_200);
    expect(instantOffer({ make: 'Mazda', model: 'CX-5', year: 2021, km: 40_000 }, stock(2))).toBeNull();
    expect(instantOffer({ make: 'Mazda', model: 'CX-5', year: 2021, km: 40_000 }, stock(5, { price: 400 }))).toBeNull();
  });
});

describe('settings', () => {
  it("the schema's defaults: photos kept 7 days, images allowed, the seed's upload limits", () => {
    const s = withSettingsDefaults('tradeIn');
    expect(s).toMatchObject({ imageUpload: true, saveValuation: false, photoRetentionDays: 7 });
    expect(s.uploadLimits).toEqual({ perEvaluationMegabytes: 40, perAddressPhotosPerHour: 30, perAddressMegabytesPerHour: 60, perSiteMegabytesPerHour: 500 });
    expect(withSettingsDefaults('tradeIn', { uploadLimits: { perEvaluationMegabytes: 10 } }).uploadLimits.perSiteMegabytesPerHour).toBe(500);
  });
  it('builds sms_content and sms_from', () => {
    expect(smsContent('Thanks {name}, got it.', 'Ann')).toBe('Thanks Ann, got it.');
    expect(smsFrom('', 'Harbourside Mazda')).toBe('Harbourside');
    expect(smsFrom('BigSky', 'x')).toBe('BigSky');
  });
});

describe("'Value My Trade-In' link", () => {
  it('goes to /cars/trade-in?car_id= when the site has it, else /trade-in or /sell-my-car, else nowhere', async () => {
    const { tradeInPath } = await import('./links');
    expect(tradeInPath({ '/cars/trade-in': {}, '/trade-in': {} }, 42)).toBe('/cars/trade-in?car_id=42');
    expect(tradeInPath({ '/sell-my-car': {} }, 42)).toBe('/sell-my-car?car_id=42');
    expect(tradeInPath({ '/cars/:slug': {} }, 42)).toBeNull();
  });
});
