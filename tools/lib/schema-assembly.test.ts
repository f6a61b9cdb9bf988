import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BLOCK_INLINE } from '../../schemas/generated/block-inline';
import { assembleTenantSchema, inlineProps, readSchemaParts } from './schema-assembly';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('x-inline', () => {
  const parts = readSchemaParts(root);

  it('lists the props editable in place by dotted path, list items as *', () => {
    const hero = parts.blocks.find((b) => b.type === 'hero')!.schema;
    expect(inlineProps(hero)).toMatchObject({ heading: 'text', 'buttons.*.label': 'text' });
    expect(inlineProps(hero)).not.toHaveProperty('image');
    expect(BLOCK_INLINE['rich-text']).toEqual(inlineProps(parts.blocks.find((b) => b.type === 'rich-text')!.schema));
  });

  it('is left out of the assembled tenant schema (only the editor reads it)', () => {
    const tenant = assembleTenantSchema(parts);
    expect(JSON.stringify(tenant)).not.toContain('x-inline');
    expect(tenant.definitions.block_hero.properties.props.properties.heading).toMatchObject({ type: 'string', minLength: 1 });
  });
});
