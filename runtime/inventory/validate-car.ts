import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import carSchema from '../../schemas/car.schema.json';
import type { Car } from '../../schemas/generated/car';

// Validates one listing against car.schema.json and says what is wrong in plain words, naming the field.

// removeAdditional: feeds carry many columns the sites do not use; they are dropped, not rejected.
// Compiled on the first listing checked, not when the server loads: most starts import no feed, and compiling took
// ~0.5 s of CPU of a start.
let compiled: ValidateFunction<Car> | undefined;
const validator = () => (compiled ??= new Ajv({ allErrors: true, removeAdditional: true }).compile<Car>(carSchema));

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  integer: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'empty',
};

const PATTERN_HINTS: Record<string, string> = {
  slug: 'must use only lower-case letters, digits and single hyphens',
  rego_expiry: 'must be a date like 2026-03-31',
  build_date: 'must be a month like 2024-06',
  compliance_date: 'must be a month like 2024-06',
  place_url: 'must be an http(s) address or a path of the site',
  primary_image_url: 'must be an http(s) address or a path of the site',
  video_url: 'must be an http(s) address or a path of the site',
  external_video_url: 'must be an http(s) address or a path of the site',
  url: 'must be an http(s) address or a path of the site',
};

/** '/location/address/postcode' -> 'location.address.postcode'; '/images/0/image' -> 'images[0].image'. */
function fieldName(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

function lastKey(field: string): string {
  return field
    .split('.')
    .pop()!
    .replace(/\[\d+\]$/, '');
}

/** Plain-word messages, one per field problem (type errors of one field merged: 'must be a number or empty'). */
function describeErrors(errors: ErrorObject[]): string[] {
  const typesByField = new Map<string, string[]>();
  const messages: string[] = [];
  const hasSpecific = errors.some((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  for (const error of errors) {
    const field = fieldName(error.instancePath);
    const p = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'type': {
        const list = typesByField.get(field) ?? [];
        list.push(...String(p.type).split(','));
        typesByField.set(field, list);
        break;
      }
      case 'required':
        messages.push(`${fieldName(error.instancePath, String(p.missingProperty))} is required`);
        break;
      case 'enum':
        messages.push(`${field} must be one of ${(p.allowedValues as unknown[]).join(', ')}`);
        break;
      case 'minimum':
        messages.push(`${field} must be at least ${p.limit}`);
        break;
      case 'maximum':
        messages.push(`${field} must be at most ${p.limit}`);
        break;
      case 'minLength':
        messages.push(`${field} must not be empty`);
        break;
      case 'pattern':
        messages.push(`${field} ${PATTERN_HINTS[lastKey(field)] ?? `must match the pattern ${p.pattern}`}`);
        break;
      case 'oneOf':
      case 'anyOf':
        if (!hasSpecific) messages.push(`${field} is not a valid value`);
        break;
      default:
        messages.push(`${field || 'the listing'} ${error.message ?? 'is not valid'}`);
    }
  }
  for (const [field, types] of typesByField) {
    const words = [...new Set(types)].map((t) => TYPE_WORDS[t] ?? t);
    messages.push(`${field || 'the listing'} must be ${words.join(' or ')}`);
  }
  return [...new Set(messages)];
}

export type CarValidation = { ok: true; car: Car } | { ok: false; errors: string[] };

/** Validates (and strips unknown fields from) a record; the record is modified in place. */
export function validateCar(record: unknown): CarValidation {
  const validate = validator();
  if (validate(record)) return { ok: true, car: record };
  return { ok: false, errors: describeErrors(validate.errors ?? []) };
}
