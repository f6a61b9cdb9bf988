// The editor's precompiled tenant validator (Ajv standalone code, generated at build time) answers exactly as the
// compiled one the server and CI use: for every shipped tenant, and for broken documents.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { shippedTenants } from '../../test-support/server';
import { repoRoot } from '../../test-support/tenants';
import { tenantSchemaValidator } from '../../runtime/tenants/tenant-schema-validator';
import { resolveTenantFile } from '../../runtime/tenants/resolve';
import { readFileSync } from 'node:fs';
import { transformWithEsbuild } from 'vite';
import { serverTenantValidatorModule, tenantValidatorModule } from './tenant-validator-code';

let precompiled: ValidateFunction;

beforeAll(async () => {
  const code = tenantValidatorModule();
  expect(code).not.toMatch(/new Function|require\(/);
  // Inside the repository, so its imports of Ajv's runtime helpers resolve from node_modules.
  const dir = join(repoRoot, 'node_modules/.cache/tenant-validator-test');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `validator-${process.pid}.mjs`);
  writeFileSync(file, code);
  precompiled = (await import(/* @vite-ignore */ pathToFileURL(file).href)).tenantSchemaValidator();
}, 60_000);

const errorsOf = (validate: ValidateFunction, doc: unknown) => {
  const copy = structuredClone(doc);
  const ok = validate(copy);
  return { ok, copy, errors: (validate.errors ?? []).map((e) => ({ keyword: e.keyword, instancePath: e.instancePath, params: e.params, message: e.message })) };
};

describe('precompiled tenant validator', () => {
  it('accepts every shipped tenant and fills the same defaults', () => {
    const raw = shippedTenants().map((t) => resolveTenantFile(join(repoRoot, 'tenants', `${t.slug}.json`), join(repoRoot, 'tenants/templates')));
    expect(raw.length).toBeGreaterThan(2);
    for (const doc of raw) expect(errorsOf(precompiled, doc)).toEqual(errorsOf(tenantSchemaValidator(), doc));
  });

  it('reports the same errors for broken documents', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const base = resolveTenantFile(join(repoRoot, 'tenants/harbourside-mazda.json'), join(repoRoot, 'tenants/templates')) as any;
    const broken = [
      { ...base, name: 42 },
      { ...base, pages: { ...base.pages, '/': { ...base.pages['/'], blocks: [{ id: 'x', type: 'heroo', props: {} }] } } },
      { ...base, dealerships: [{ ...base.dealerships[0], id: 'one' }] },
      { ...base, unknownField: true },
      {},
    ];
    for (const doc of broken) {
      const expected = errorsOf(tenantSchemaValidator(), doc);
      expect(expected.ok).toBe(false);
      expect(errorsOf(precompiled, doc)).toEqual(expected);
    }
  });
});

describe("the server build's validator module", () => {
  it('starts from the precompiled validators (no compile at run time) and still compiles other schemas', async () => {
    const source = readFileSync(join(repoRoot, 'runtime/tenants/tenant-schema-validator.ts'), 'utf8');
    const { code } = await transformWithEsbuild(serverTenantValidatorModule(source), 'tenant-schema-validator.ts', { format: 'esm' });
    const dir = join(repoRoot, 'node_modules/.cache/tenant-validator-test');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `server-validator-${process.pid}.mjs`);
    // The module's own import of the schema, from where the test writes it (the build bundles the JSON).
    const schemaUrl = pathToFileURL(join(repoRoot, 'schemas/tenant.schema.json')).href;
    writeFileSync(file, code.replace(/from ["']\.\.\/\.\.\/schemas\/tenant\.schema\.json["'];/, `from ${JSON.stringify(schemaUrl)} with { type: 'json' };`));
    const mod = await import(/* @vite-ignore */ pathToFileURL(file).href);
    expect(mod.tenantSchemaValidator()).toBe(mod.precompiled);
    expect(mod.tenantPartValidators().block).toBe(mod.precompiledBlock);
    const doc = resolveTenantFile(join(repoRoot, 'tenants/harbourside-mazda.json'), join(repoRoot, 'tenants/templates'));
    expect(errorsOf(mod.tenantSchemaValidator(), doc)).toEqual(errorsOf(tenantSchemaValidator(), doc));
    expect(mod.createAjv().compile({ type: 'integer' })(4)).toBe(true);
  }, 60_000);

  it('refuses a module that no longer declares the validators it seeds', () => {
    expect(() => serverTenantValidatorModule('let compiled;')).toThrow(/no longer declares/);
  });
});
