// Runs leadFormSchema with Ajv + ajv-errors and turns the result into { field: message } (the first message per
// field), the shape POST /api/leads answers with and the shape a form shows. Compiled validators are cached by config.
// Server side: this compiles schemas (new Function), which shoppers' browsers may not do under the site's CSP; browser
// code checks with checkLeadValues (precompiled.ts) instead.
import Ajv, { type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import { fieldErrors, type LeadFieldErrors } from './field-errors';
import type { LeadFormConfig } from './form-config';
import { leadFormSchema } from './schema';

export { fieldErrors, type LeadFieldErrors };

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

function leadValidator(config: LeadFormConfig, options: { step?: number } = {}): ValidateFunction {
  const key = JSON.stringify([config, options.step ?? null]);
  let fn = cache.get(key);
  if (!fn) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    fn = instance().compile(leadFormSchema(config, options));
    cache.set(key, fn);
  }
  return fn;
}

/** Validates (and fills defaults into) `values`; null when valid. */
export function validateLeadValues(config: LeadFormConfig, values: Record<string, unknown>, options: { step?: number } = {}): LeadFieldErrors | null {
  const validate = leadValidator(config, options);
  if (validate(values)) return null;
  return fieldErrors(validate.errors);
}
