// Ajv over the assembled tenant schema. On the server, in CI and in tests it compiles at first use. The browser build
// (the editor) never compiles: vite.config.ts replaces this module with Ajv standalone code generated from the same
// schema and options at build time, so the editor runs under a Content-Security-Policy without 'unsafe-eval'.
import Ajv, { type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import tenantSchema from '../../schemas/tenant.schema.json';

/** Keywords of our schemas that only annotate (the editor and the checks read them). */
export const ANNOTATION_KEYWORDS = [
  'x-widget',
  'x-ref',
  'x-slots',
  'x-category',
  'x-block-title',
  'x-hidden',
  'x-server-only',
  'x-page-data',
  'x-hydrate',
  'x-hydrate-margin',
  'x-inline',
  'x-alt',
  'x-focal',
];
const AJV_OPTIONS: Options = { allErrors: true, verbose: true, useDefaults: true, discriminator: true, strict: true, allowUnionTypes: true };

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

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
type Schema = Record<string, any>;
export const BLOCK_SCHEMA_REF = `${(tenantSchema as Schema).$id}#/definitions/block`;

/**
 * The tenant schema without the blocks of pages (each item of a page's `blocks` accepts anything): with the block
 * validator below, the editor validates a document in parts and re-validates only the blocks an edit changed
 * (runtime/tenants/incremental-validate.ts). Everything else is the tenant schema unchanged.
 */
export function skeletonSchema(schema: Schema = tenantSchema as Schema): Schema {
  const copy = structuredClone(schema);
  copy.$id = String(schema.$id).replace(/tenant\.schema\.json$/, 'tenant-skeleton.schema.json');
  copy.definitions.page.properties.blocks = { ...copy.definitions.page.properties.blocks, items: true };
  return copy;
}

let parts: { skeleton: ValidateFunction; block: ValidateFunction } | undefined;
/** The validators of a document's parts: the skeleton and one block (with its slots' blocks). */
export function tenantPartValidators(): { skeleton: ValidateFunction; block: ValidateFunction } {
  if (!parts) {
    const ajv = createAjv();
    ajv.addSchema(tenantSchema);
    parts = { skeleton: ajv.compile(skeletonSchema()), block: ajv.getSchema(BLOCK_SCHEMA_REF)! };
  }
  return parts;
}

/** `npm run dev`: validate with a tenant schema regenerated while the server runs (runtime/server/dev-mode.ts). */
export function replaceTenantSchema(schema: object): void {
  compiled = createAjv().compile(schema);
  const ajv = createAjv();
  ajv.addSchema(schema);
  parts = { skeleton: ajv.compile(skeletonSchema(schema as Schema)), block: ajv.getSchema(`${(schema as Schema).$id}#/definitions/block`)! };
}
