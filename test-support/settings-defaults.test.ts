// Settings are read as the validator leaves them (schemas/generated/settings.ts): every schema default filled in. This
// holds for every shipped site, and no domain module keeps a second copy of a settings group's defaults.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import tenantSchema from '../schemas/tenant.schema.json';
import { missingResolvedProps, resolvedPropsSchema } from '../tools/lib/resolved-props';
import { loadTenants } from '../runtime/tenants/load';
import { withSettingsDefaults } from './settings-defaults';

const root = join(import.meta.dirname, '..');
// biome-ignore lint/suspicious/noExplicitAny: tenant settings read by path; Ajv checked them and the settings schema gives their defaults
const settingsSchema = (tenantSchema as { properties: { settings: Record<string, any> } }).properties.settings;

describe('withSettingsDefaults', () => {
  it("fills in the schema's defaults around the options given, nested groups too", () => {
    const vehicle = withSettingsDefaults('vehicle', { tags: { newTagText: 'Fresh' }, reserve: { amount: 500 } });
    expect(vehicle.tags).toMatchObject({ newTagText: 'Fresh', newTagDays: 8, soldTagText: 'SOLD' });
    expect(vehicle.reserve).toMatchObject({ amount: 500, holdHours: 48, showAmount: true });
    expect(vehicle.sidebarButtons).toEqual(['call', 'finance', 'enquire', 'test-drive', 'trade-in']);
  });
  it('refuses settings the schema refuses', () => {
    expect(() => withSettingsDefaults('vehicle', { tags: { newTagDays: -1 } })).toThrow(/vehicle settings are invalid/);
  });
});

describe('settings of a validated document', () => {
  const resolved = resolvedPropsSchema(settingsSchema, { serverOnly: 'required' });
  it('have every default filled in, in every shipped site', () => {
    const tenants = loadTenants(join(root, 'tenants'));
    expect(tenants.length).toBeGreaterThan(2);
    for (const t of tenants) {
      expect(t.ok, t.slug).toBe(true);
      if (t.ok) expect(missingResolvedProps(t.doc.settings, resolved, 'settings'), t.slug).toEqual([]);
    }
  }, 60_000);
  it('before validation they do not (so the check above can fail)', () => {
    expect(missingResolvedProps({ vehicle: { tags: {} } }, resolved, 'settings')).toContain('settings.vehicle.tags.newTagDays');
  });
});

/** Every object default the settings schema holds (a group's and each nested group's). */
function objectDefaults(node: unknown, into: unknown[] = []): unknown[] {
  if (Array.isArray(node)) for (const n of node) objectDefaults(n, into);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === 'default' && v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length) into.push(v);
      else objectDefaults(v, into);
    }
  return into;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('settings defaults in code', () => {
  it('are not copied into runtime/domain or runtime/page-data: the schema is their one default', async () => {
    const defaults = objectDefaults(settingsSchema);
    const found: string[] = [];
    for (const file of [...sourceFiles(join(root, 'runtime/domain')), ...sourceFiles(join(root, 'runtime/page-data'))]) {
      const names = [...readFileSync(file, 'utf8').matchAll(/export const ([A-Z][A-Z0-9_]*)\b/g)].flatMap((m) => (m[1] ? [m[1]] : []));
      if (!names.length) continue;
      const module = (await import(file)) as Record<string, unknown>;
      for (const name of names) {
        const value = module[name];
        // A copy of a group's defaults, whole or trimmed (a group without its server-only options, say).
        const copies = (d: unknown) =>
          isDeepStrictEqual(d, value) ||
          (!!value && typeof value === 'object' && isDeepStrictEqual({ ...(d as object), ...value }, d) && Object.keys(value).length > 1);
        if (defaults.some(copies)) found.push(`${relative(root, file)} ${name}`);
      }
    }
    expect(found).toEqual([]);
  }, 60_000);
});
