// react-hook-form resolver over a precompiled lead validator (runtime/domain/leads/precompiled.ts): the same error
// mapping as @hookform/resolvers/ajv (first message per field, ajv-errors' messages), without compiling a schema in
// the browser (the Content-Security-Policy has no 'unsafe-eval'). If the build lacks a field's check, the form skips
// browser validation and the server's answer (the same schema, field by field) shows the messages instead.
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { ErrorObject } from 'ajv';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { LeadFormConfig } from '../../domain/leads/form-config';
import { precompiledLeadValidator, type PrecompiledLeadValidator } from '../../domain/leads/precompiled';

/** Ajv errors -> { 'field.path': { message, type } }, as @hookform/resolvers/ajv reads them. */
function errorsByField(errors: ErrorObject[]): Record<string, FieldError> {
  const parsed: Record<string, FieldError> = Object.create(null);
  const add = (error: ErrorObject, message: string | undefined) => {
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (error.keyword === 'required') segments.push(String((error.params as { missingProperty: string }).missingProperty));
    const path = segments.join('.');
    if (!parsed[path]) parsed[path] = { message, type: error.keyword };
  };
  for (const error of errors) {
    if (error.keyword === 'errorMessage') for (const original of (error.params as { errors: ErrorObject[] }).errors) add(original, error.message);
    else add(error, error.message);
  }
  return parsed;
}

export function precompiledLeadResolver(config: LeadFormConfig, options: { step?: number } = {}): Resolver<FieldValues> {
  let validate: PrecompiledLeadValidator | null;
  try {
    validate = precompiledLeadValidator(config, options);
  } catch (error) {
    console.error('Lead form: checking in the browser is off, the server checks the form', error);
    validate = null;
  }
  return async (values, _context, resolverOptions) => {
    const copy = structuredClone(values);
    const errors = validate ? validate(copy) : null;
    if (resolverOptions.shouldUseNativeValidation) validateFieldsNatively({}, resolverOptions);
    return errors ? { values: {}, errors: toNestErrors(errorsByField(errors), resolverOptions) } : { values: copy, errors: {} };
  };
}
