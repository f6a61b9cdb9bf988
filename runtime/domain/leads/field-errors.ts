// Ajv errors (with ajv-errors' messages) as { field: message }, the first message per field: the shape POST
// /api/leads answers with and the shape a form shows. No Ajv import, so browser code can use it.
import type { ErrorObject } from 'ajv';

export type LeadFieldErrors = Record<string, string>;

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
