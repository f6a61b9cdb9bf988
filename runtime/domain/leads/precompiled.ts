// Lead form validation without Ajv's compiler (for browsers under a Content-Security-Policy without 'unsafe-eval'):
// the same leadFormSchema(config), checked field by field with the standalone code the build generated for each
// field template (field-templates.ts), plus the schema's own `required` list and messages. Its errors are Ajv's, so
// fieldErrors() and the forms' resolver read them as they read the compiled schema's (precompiled.test.ts compares
// the two over every config variant).
import type { ErrorObject } from 'ajv';
import { leadFieldChecks } from '../../../schemas/generated/lead-field-validators';
import { fieldErrors, type LeadFieldErrors } from './field-errors';
import type { LeadFormConfig } from './form-config';
import { CHOICES_KEY, fieldTemplate } from './field-templates';
import { leadFormSchema, type JsonSchema } from './schema';

type Check = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
const checks = leadFieldChecks as unknown as Record<string, Check>;

export type PrecompiledLeadValidator = (values: unknown) => ErrorObject[] | null;

class MissingFieldCheckError extends Error {}

/** The form's validator; throws MissingFieldCheckError when a field template was not compiled (stale build). */
export function precompiledLeadValidator(config: LeadFormConfig, options: { step?: number } = {}): PrecompiledLeadValidator {
  const schema = leadFormSchema(config, options) as JsonSchema & {
    properties: Record<string, JsonSchema>;
    required: string[];
    errorMessage: { type: string; required: Record<string, string> };
  };
  const plan = Object.entries(schema.properties).map(([field, fieldSchema]) => {
    const template = fieldTemplate(field, fieldSchema);
    const check = checks[template.key];
    if (!check) throw new MissingFieldCheckError(`no precompiled check for lead field template ${template.key} (run npm run schemas)`);
    return { field, check, choices: template.choices };
  });
  return (values) => {
    if (!values || typeof values !== 'object' || Array.isArray(values)) {
      return [{ instancePath: '', schemaPath: '#/type', keyword: 'type', params: { type: 'object' }, message: schema.errorMessage.type }];
    }
    const record = values as Record<string, unknown>;
    const errors: ErrorObject[] = [];
    for (const { field, check, choices } of plan) {
      if (record[field] === undefined) continue;
      const data: Record<string, unknown> = { [field]: record[field] };
      if (choices) data[CHOICES_KEY] = choices;
      if (!check(data)) errors.push(...(check.errors ?? []));
    }
    for (const field of schema.required) {
      if (record[field] === undefined) {
        errors.push({
          instancePath: '',
          schemaPath: '#/required',
          keyword: 'required',
          params: { missingProperty: field },
          message: schema.errorMessage.required[field],
        });
      }
    }
    return errors.length ? errors : null;
  };
}

/**
 * validateLeadValues for browser code: { field: message } or null. When the build lacks a field's check, null (the
 * server checks the same schema and answers with the messages).
 */
export function checkLeadValues(config: LeadFormConfig, values: Record<string, unknown>, options: { step?: number } = {}): LeadFieldErrors | null {
  let validate: PrecompiledLeadValidator;
  try {
    validate = precompiledLeadValidator(config, options);
  } catch (error) {
    console.error('Lead form: checking in the browser is off, the server checks the form', error);
    return null;
  }
  const errors = validate(values);
  return errors ? fieldErrors(errors) : null;
}
