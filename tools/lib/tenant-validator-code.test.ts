// The editor's precompiled tenant validator (Ajv standalone code, generated at build time) answers exactly as the
// compiled one the server and CI use: for every shipped tenant, and for broken documents.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { shippedTenants } from '../../test-support/server';
import { repoRoot } from '../../runtime/tenants/test-helpers';
import { tenantSchemaValidator } from '../../runtime/tenants/tenant-schema-validator';
import { resolveTenantFile } from '../../runtime/tenants/resolve';
import { tenantValidatorModule } from './tenant-validator-code';

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
