import { describe, expect, it } from 'vitest';
import { stripServerOnly } from './server-only';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    settings: { type: 'object', properties: { leads: { $ref: '#/definitions/leads' } } },
    pages: { type: 'object', additionalProperties: { type: 'object', properties: { blocks: { type: 'array', items: { $ref: '#/definitions/block' } } } } },
  },
  definitions: {
    leads: { type: 'object', properties: { crmUrl: { type: 'string', 'x-server-only': true }, categories: { type: 'array' } } },
    block: { discriminator: { propertyName: 'type' }, oneOf: [{ $ref: '#/definitions/block_form' }] },
    block_form: { properties: { type: { const: 'form' }, props: { type: 'object', properties: { secret: { 'x-server-only': true }, label: {} } } } },
  },
};

describe('stripServerOnly', () => {
  it('removes values whose schema is marked server-only, through refs, maps, lists and block types', () => {
    const doc = {
      name: 'Site',
      settings: { leads: { crmUrl: 'https://crm.example/hook', categories: ['a'] } },
      pages: { '/': { blocks: [{ type: 'form', props: { secret: 'k', label: 'Send' } }] } },
    };
    expect(stripServerOnly(doc, schema)).toEqual({
      name: 'Site',
      settings: { leads: { categories: ['a'] } },
      pages: { '/': { blocks: [{ type: 'form', props: { label: 'Send' } }] } },
    });
    expect(doc.settings.leads.crmUrl).toBe('https://crm.example/hook');
  });
});

describe('stripServerOnly on parts without server-only values', () => {
  it('passes such parts on as they are, and still strips a block that holds one', () => {
    const withHero = {
      ...schema,
      definitions: {
        ...schema.definitions,
        block: { discriminator: { propertyName: 'type' }, oneOf: [{ $ref: '#/definitions/block_form' }, { $ref: '#/definitions/block_hero' }] },
        block_hero: { properties: { type: { const: 'hero' }, props: { type: 'object', properties: { heading: {} } } } },
      },
    };
    const hero = { type: 'hero', props: { heading: 'Hi' } };
    const categories = ['a'];
    const doc = {
      name: 'Site',
      settings: { leads: { crmUrl: 'https://crm.example/hook', categories } },
      pages: { '/': { blocks: [hero, { type: 'form', props: { secret: 'k', label: 'Send' } }] } },
    };
    const out = stripServerOnly(doc, withHero);
    expect(out.pages['/']!.blocks[0]).toBe(hero);
    expect(out.settings.leads.categories).toBe(categories);
    expect(out.pages['/']!.blocks[1]).toEqual({ type: 'form', props: { label: 'Send' } });
    expect(out.settings.leads).toEqual({ categories: ['a'] });
  });
});
