// Ajv over the assembled tenant schema. On the server, in CI and in tests it compiles at first use. The browser build
// (the editor) never compiles: vite.config.ts replaces this module with Ajv standalone code generated from the same
// schema and options at build time, so the editor runs under a Content-Security-Policy without 'unsafe-eval'.
import Ajv, { type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import tenantSchema from '../../schemas/tenant.schema.json';

/** Keywords of our schemas that only annotate (the editor and the checks read them). */
export const ANNOTATION_KEYWORDS = ['x-widget', 'x-ref', 'x-slots', 'x-category', 'x-block-title', 'x-hidden', 'x-server-only', 'x-page-data'];
export const AJV_OPTIONS: Options = { allErrors: true, verbose: true, useDefaults: true, discriminator: true, strict: true, allowUnionTypes: true };

export function createAjv(extra: Options = {}): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, ...extra });
  ajv.addVocabulary(ANNOTATION_KEYWORDS);
  addFormats(ajv);
  return ajv;
}

let compiled: ValidateFunction | undefined;
export function tenantSchemaValidator(): ValidateFunction {
  compiled ??= createAjv().compile(tenantSchema);
  return compiled;
}

/** `npm run dev`: validate with a tenant schema regenerated while the server runs (runtime/server/dev-mode.ts). */
export function replaceTenantSchema(schema: object): void {
  compiled = createAjv().compile(schema);
}
