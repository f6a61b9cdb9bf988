// The JSON Schema (draft-07, Ajv with allErrors + ajv-errors' `errorMessage`) of a lead form submission. The browser
// form validates with it through react-hook-form's Ajv resolver; POST /api/leads validates with the same schema.
import { HONEYPOT_FIELD, type LeadFieldName, type LeadFormConfig } from './form-config';
import { LEAD_MESSAGES as M, tooLongMessage } from './messages';

export type JsonSchema = Record<string, unknown>;

/** Generous limits: a real enquiry fits, a flood does not. */
const LEAD_FIELD_MAX_LENGTH = { short: 120, message: 5000 } as const;

export const EMAIL_PATTERN = '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}\\s*$';
/** Australian numbers: 0X XXXX XXXX or +61 X XXXX XXXX (mobiles and landlines), 13/1300/1800 numbers; spaces, dashes,
 *  dots and brackets allowed between digits. */
export const AU_PHONE_PATTERN =
  '^\\s*(?:\\(?(?:\\+?61|0)[\\s.\\-]*\\(?[2-478]\\)?(?:[\\s.\\-]*\\d){8}|1[38]00(?:[\\s.\\-]*\\d){6}|13(?:[\\s.\\-]*\\d){4})\\s*$';
export const POSTCODE_PATTERN = '^\\s*\\d{4}\\s*$';
/** At least one character that is not white space. */
const NOT_BLANK = '\\S';

const text = (max: number = LEAD_FIELD_MAX_LENGTH.short, required = false): JsonSchema => ({
  type: 'string',
  maxLength: max,
  ...(required ? { pattern: NOT_BLANK } : {}),
  errorMessage: { type: M.required, maxLength: tooLongMessage(max), ...(required ? { pattern: M.required } : {}) },
});

function properties(config: LeadFormConfig): Record<string, JsonSchema> {
  const p: Record<string, JsonSchema> = {
    name: text(LEAD_FIELD_MAX_LENGTH.short, true),
    last_name: text(),
    email: { type: 'string', maxLength: 254, pattern: EMAIL_PATTERN, errorMessage: { type: M.required, maxLength: M.invalidEmail, pattern: M.invalidEmail } },
    phone: { type: 'string', maxLength: 30, pattern: AU_PHONE_PATTERN, errorMessage: { type: M.required, maxLength: M.invalidPhone, pattern: M.invalidPhone } },
    message: text(LEAD_FIELD_MAX_LENGTH.message, config.commentsRequired && !config.presetMessage),
    rego: text(12),
    opt_in: { type: 'boolean', default: true },
    preferred_date: { type: 'string', maxLength: 10, pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', errorMessage: 'Please choose a date.' },
    preferred_time: { type: 'string', maxLength: 5, pattern: '^(\\d{2}:\\d{2})?$', errorMessage: 'Please choose a time.' },
    additional_services: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: LEAD_FIELD_MAX_LENGTH.short } },
    // A valuation field (docs/requirements/dealer-services.md#data): only the trade-in form defaults it to Phone; other leads never claim a preference
    // the shopper was not asked about.
    PreferredContactMethod: {
      type: 'string',
      enum: ['Phone', 'Email', 'SMS'],
      ...(config.form === 'trade-in' ? { default: 'Phone' } : {}),
      errorMessage: M.invalidChoice,
    },
    finance: { type: 'string', enum: ['Yes', 'No'], errorMessage: M.invalidChoice },
    [HONEYPOT_FIELD]: { type: 'string', maxLength: 0, errorMessage: M.honeypot },
  };
  p.category = config.categorySelect ? { type: 'string', enum: config.categories, errorMessage: { type: M.required, enum: M.required } } : text();
  if (config.postcodeField) p.postcode = { type: 'string', pattern: POSTCODE_PATTERN, errorMessage: { type: M.invalidPostcode, pattern: M.invalidPostcode } };
  else p.postcode = { type: 'string', maxLength: 10 };
  p.location =
    config.locationField && config.locations.length
      ? { type: 'string', enum: config.locations, errorMessage: { type: M.required, enum: M.required } }
      : text(LEAD_FIELD_MAX_LENGTH.short, config.locationField);
  if (config.dealershipSelect) {
    // Nothing chosen is '* This field is required'; a dealership of another site is named as such.
    p.dealership_slug = {
      type: 'string',
      minLength: 1,
      if: { minLength: 1 },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword of if/then, and this object is a schema, never awaited
      then: { enum: config.dealerships.map((d) => d.slug), errorMessage: { enum: M.unknownDealership } },
      errorMessage: { type: M.required, minLength: M.required },
    };
  } else p.dealership_slug = { type: 'string', maxLength: LEAD_FIELD_MAX_LENGTH.short };
  if (config.termsCheckbox) p.terms_conditions = { type: 'boolean', const: true, errorMessage: M.terms };
  return p;
}

/** Required fields and the message a missing one gets. */
function requiredFields(config: LeadFormConfig): Partial<Record<LeadFieldName, string>> {
  const r: Partial<Record<LeadFieldName, string>> = { name: M.required, email: M.required, phone: M.required };
  if (config.commentsRequired && !config.presetMessage) r.message = M.required;
  if (config.categorySelect) r.category = M.required;
  if (config.locationField) r.location = M.required;
  if (config.dealershipSelect) r.dealership_slug = M.required;
  if (config.postcodeField) r.postcode = M.invalidPostcode;
  if (config.termsCheckbox) r.terms_conditions = M.terms;
  return r;
}

/**
 * The schema a submission of this form must match. With `step`, only that step's fields (multi-step forms check
 * each step before moving on). Unknown extra fields are allowed and ignored by the server.
 */
export function leadFormSchema(config: LeadFormConfig, options: { step?: number } = {}): JsonSchema {
  let props = properties(config);
  let required = requiredFields(config);
  if (options.step !== undefined && config.steps.length) {
    const fields = new Set<string>(config.steps[options.step] ?? []);
    props = Object.fromEntries(Object.entries(props).filter(([k]) => fields.has(k)));
    required = Object.fromEntries(Object.entries(required).filter(([k]) => fields.has(k)));
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: props,
    required: Object.keys(required),
    errorMessage: { type: M.fixErrors, required },
  };
}
