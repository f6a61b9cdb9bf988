// Runs leadFormSchema with Ajv + ajv-errors and turns the result into { field: message } (the first message per
// field), the shape POST /api/leads answers with and the shape a form shows. Compiled validators are cached by config.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import type { LeadFormConfig } from './form-config';
import { leadFormSchema } from './schema';

export type LeadFieldErrors = Record<string, string>;

let ajv: Ajv | undefined;
const cache = new Map<string, ValidateFunction>();
const CACHE_LIMIT = 200;

function instance(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true });
    ajvErrors(ajv);
  }
  return ajv;
}

export function leadValidator(config: LeadFormConfig, options: { step?: number } = {}): ValidateFunction {
  const key = JSON.stringify([config, options.step ?? null]);
  let fn = cache.get(key);
  if (!fn) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    fn = instance().compile(leadFormSchema(config, options));
    cache.set(key, fn);
  }
  return fn;
}

/** The field each error belongs to: the missing property, or the first path segment. */
function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required') return String((error.params as { missingProperty: string }).missingProperty);
  return error.instancePath.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~') ?? '';
}

export function fieldErrors(errors: ErrorObject[] | null | undefined): LeadFieldErrors {
  const out: LeadFieldErrors = {};
  for (const error of errors ?? []) {
    const originals = error.keyword === 'errorMessage' ? ((error.params as { errors: ErrorObject[] }).errors ?? []) : [error];
    for (const original of originals) {
      const field = fieldOf(original) || '_form';
      out[field] ??= error.message ?? 'Invalid value';
    }
  }
  return out;
}

/** Validates (and fills defaults into) `values`; null when valid. */
export function validateLeadValues(config: LeadFormConfig, values: Record<string, unknown>, options: { step?: number } = {}): LeadFieldErrors | null {
  const validate = leadValidator(config, options);
  if (validate(values)) return null;
  return fieldErrors(validate.errors);
}
