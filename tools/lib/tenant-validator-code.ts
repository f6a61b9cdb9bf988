// The tenant schema's validator as Ajv standalone code (an ES module), for the browser build: vite.config.ts serves it
// in place of runtime/tenants/tenant-schema-validator.ts, so the editor validates without compiling (no eval).
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import tenantSchema from '../../schemas/tenant.schema.json';
import { ANNOTATION_KEYWORDS, BLOCK_SCHEMA_REF, createAjv, skeletonSchema } from '../../runtime/tenants/tenant-schema-validator';

/**
 * Ajv's ESM output still loads its runtime helpers (formats, string length, deep equality) as `require("m").name`.
 * Each becomes an import; `__pick` reads `name` from module.exports however the bundler or Node presents a CommonJS
 * module to an import (as `default`, or as named exports).
 */
export function requiresToImports(code: string): string {
  const modules = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)\.(\w+)/g, (_m, module: string, name: string) => {
    if (!modules.has(module)) modules.set(module, `__ajvRuntime${modules.size}`);
    return `__pick(${modules.get(module)}, ${JSON.stringify(name)})`;
  });
  if (/require\(/.test(body)) throw new Error('Ajv standalone code: a require() this rewrite does not handle');
  const imports = [...modules].map(([module, name]) => `import * as ${name} from '${module.endsWith('.js') ? module : `${module}.js`}';`);
  const pick = `function __pick(ns, name) { const m = ns.default; if (m && typeof m === 'object' && name in m) return m[name]; return name === 'default' ? (m ?? ns[name]) : (ns[name] ?? m?.[name]); }`;
  return [...imports, pick, body].join('\n');
}

export function tenantValidatorModule(): string {
  return [
    '// GENERATED at build time by tools/lib/tenant-validator-code.ts (Ajv standalone code of schemas/tenant.schema.json).',
    standaloneValidators(),
    `export const ANNOTATION_KEYWORDS = ${JSON.stringify(ANNOTATION_KEYWORDS)};`,
    'export function createAjv() { throw new Error("Ajv does not compile in the browser: the tenant schema is precompiled"); }',
    'export function tenantSchemaValidator() { return precompiled; }',
    'export function tenantPartValidators() { return { skeleton: precompiledSkeleton, block: precompiledBlock }; }',
    '',
  ].join('\n');
}

/**
 * The server build's module: runtime/tenants/tenant-schema-validator.ts itself (`source`, still TypeScript) with its
 * validators starting as the precompiled ones, so a server never spends seconds compiling the tenant schema at run time
 * (its first publish after a start from the tenant cache waited for that); createAjv still compiles other schemas.
 */
export function serverTenantValidatorModule(source: string): string {
  const seeded = source
    .replace(/^let compiled: ValidateFunction \| undefined;$/m, 'let compiled: ValidateFunction | undefined = precompiled;')
    .replace(
      /^let parts: (\{ skeleton: ValidateFunction; block: ValidateFunction \}) \| undefined;$/m,
      'let parts: $1 | undefined = { skeleton: precompiledSkeleton, block: precompiledBlock };',
    );
  if (!seeded.includes('= precompiled;') || !seeded.includes('= { skeleton: precompiledSkeleton'))
    throw new Error('tenant validator: tenant-schema-validator.ts no longer declares `compiled` and `parts` as this build expects');
  return `${standaloneValidators()}\n${seeded}`;
}

function standaloneValidators(): string {
  const ajv = createAjv({ code: { source: true, esm: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
  ajv.addSchema(tenantSchema);
  const skeleton = skeletonSchema();
  ajv.addSchema(skeleton);
  // The whole document's validator, and its parts' for the editor's incremental validation (one module: shared code).
  const code = requiresToImports(
    standaloneCode(ajv, { precompiled: (tenantSchema as { $id: string }).$id, precompiledBlock: BLOCK_SCHEMA_REF, precompiledSkeleton: skeleton.$id }).replace(
      /^"use strict";/,
      '',
    ),
  );
  if (!/export const precompiled ?=/.test(code) || !/export const precompiledBlock ?=/.test(code))
    throw new Error('tenant validator: unexpected Ajv standalone output');
  return code;
}
