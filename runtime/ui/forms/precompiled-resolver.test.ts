// The browser's precompiled lead validation must answer exactly as the compiled schema does: the server's check
// (validateLeadValues) and @hookform/resolvers/ajv over leadFormSchema, for every config variant and any values.
import { ajvResolver } from '@hookform/resolvers/ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrors, HONEYPOT_FIELD, leadFormConfig, leadFormSchema, validateLeadValues } from '../../domain/leads';
import { leadConfigVariants } from '../../domain/leads/field-templates';
import { precompiledLeadValidator } from '../../domain/leads/precompiled';
import { precompiledLeadResolver } from './precompiled-resolver';

const configs = leadConfigVariants();
const FIELDS = [
  'name',
  'last_name',
  'email',
  'phone',
  'message',
  'rego',
  'opt_in',
  'preferred_date',
  'preferred_time',
  'additional_services',
  'PreferredContactMethod',
  'finance',
  HONEYPOT_FIELD,
  'category',
  'postcode',
  'location',
  'dealership_slug',
  'terms_conditions',
  'unknown_extra',
];
const value = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'Jo',
    'jo@example.com',
    'not-an-email',
    '0412 345 678',
    '12',
    '2000',
    'Sydney',
    'a',
    'b',
    'General Enquiry',
    'Phone',
    'Yes',
    '2025-01-31',
    '09:30',
    'x'.repeat(130),
    'y'.repeat(5001),
  ),
  fc.boolean(),
  fc.integer(),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.constant(null),
);
const values = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 12 });
const options = { shouldUseNativeValidation: false, fields: {}, names: [] } as never;

// The first test pays for loading the precompiled module (over 5 s once on a loaded machine).
describe('precompiled lead validation', { timeout: 30_000 }, () => {
  it('has a precompiled check for every field of every config variant (else: npm run schemas)', () => {
    for (const config of configs) expect(() => precompiledLeadValidator(config)).not.toThrow();
  });

  it("gives the same field messages as the server's compiled schema", () => {
    fc.assert(
      fc.property(fc.constantFrom(...configs), values, (config, v) => {
        expect(fieldErrors(precompiledLeadValidator(config)(structuredClone(v)))).toEqual(validateLeadValues(config, structuredClone(v)) ?? {});
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('gives react-hook-form the same errors as @hookform/resolvers/ajv, also per step of a multi-step form', async () => {
    const multiStep = leadFormConfig('enquiry', { multiStep: true, termsCheckbox: true, locationField: true, locations: ['Sydney', 'Parramatta'] }, [
      { slug: 'a', name: 'A' },
      { slug: 'b', name: 'B' },
    ]);
    expect(multiStep.steps.length).toBe(2);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...configs, multiStep), values, fc.constantFrom(undefined, 0, 1), async (config, v, step) => {
        const opts = step !== undefined && config.steps.length ? { step } : {};
        const expected = await ajvResolver(leadFormSchema(config, opts) as never, { strict: false })(structuredClone(v), undefined, options);
        const actual = await precompiledLeadResolver(config, opts)(structuredClone(v), undefined, options);
        expect(JSON.parse(JSON.stringify(actual.errors))).toEqual(JSON.parse(JSON.stringify(expected.errors)));
        expect(Object.keys(actual.errors).length === 0).toBe(Object.keys(expected.errors).length === 0);
      }),
      { numRuns: 80 },
    );
  }, 60_000);

  it('answers a blank enquiry with the seed messages', () => {
    const errors = fieldErrors(precompiledLeadValidator(leadFormConfig('enquiry', { termsCheckbox: true }))({ category: 'Nope' }));
    expect(errors).toMatchObject({
      name: '* This field is required',
      email: '* This field is required',
      category: '* This field is required',
      terms_conditions: '*You must agree to the terms of use before submitting.',
    });
  });
});
