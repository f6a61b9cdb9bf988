// The editor shows every schema description as help to dealer staff, so descriptions speak plainly: references to
// the specs ("docs/requirements/dealer-services.md#screens") live in "$comment", which engineers read and the editor does not show.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleTenantSchema, readSchemaParts } from './schema-assembly';

const root = join(import.meta.dirname, '../..');

/** [where, description] of every description in a schema, however deep. */
function descriptions(node: unknown, where: string): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((n, i) => descriptions(n, `${where}/${i}`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => [
    ...(k === 'description' && typeof v === 'string' ? [[where, v] as [string, string]] : []),
    ...(k === 'default' || k === 'examples' || k === 'const' || k === 'enum' ? [] : descriptions(v, `${where}/${k}`)),
  ]);
}

describe('help texts (schema descriptions)', () => {
  const parts = readSchemaParts(root);
  const all: [string, string][] = [
    ...descriptions(parts.base, 'schemas/tenant.base.schema.json'),
    ...parts.settings.flatMap(({ name, schema }) => descriptions(schema, `schemas/settings/${name}.schema.json`)),
    ...parts.blocks.flatMap(({ type, schema }) => descriptions(schema, `blocks/${type}/schema.json`)),
  ];

  it('are found in the base schema, every settings group and every block', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(new Set(all.map(([where]) => where.split('.json')[0])).size).toBe(1 + parts.settings.length + parts.blocks.length);
  });

  it('never cite the specs ("seed", "§"): that belongs in $comment', () => {
    expect(all.filter(([, text]) => /seed|§/i.test(text)).map(([where, text]) => `${where}: ${text}`)).toEqual([]);
  });

  it('the assembled tenant schema the editor reads has none either', () => {
    expect(descriptions(assembleTenantSchema(parts), 'tenant.schema.json').filter(([, text]) => /seed|§/i.test(text))).toEqual([]);
  });
});
