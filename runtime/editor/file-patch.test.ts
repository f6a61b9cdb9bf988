import { describe, expect, it } from 'vitest';
import { mergePatch, type Json } from '../tenants/merge-patch';
import { createMergePatch, tenantFileFor } from './file-patch';

const template = {
  template: 'base',
  theme: { primary: '#111111', accent: '#222222' },
  pages: { '/': { title: 'Home', blocks: [] }, '/careers': { title: 'Careers', blocks: [] } },
  settings: { search: { pageSize: 24 } },
} as Record<string, Json>;

describe('createMergePatch', () => {
  it('is the patch that turns the template into the edited document', () => {
    const target = {
      template: 'base',
      name: 'X',
      theme: { primary: '#333333', accent: '#222222' },
      pages: { '/': { title: 'Welcome', blocks: [] } },
      settings: { search: { pageSize: 24 } },
    };
    const patch = createMergePatch(template, target);
    expect(patch).toEqual({ name: 'X', theme: { primary: '#333333' }, pages: { '/': { title: 'Welcome' }, '/careers': null } });
    expect(mergePatch(template, patch)).toEqual(target);
  });

  it('keeps what the original file said where it still gives the same result, in its order', () => {
    const original = { name: 'X', theme: { primary: '#333333', accent: '#222222' } };
    const target = { ...template, name: 'Y', theme: { primary: '#333333', accent: '#222222' } };
    const patch = createMergePatch(template, target, original) as Record<string, Json>;
    expect(Object.keys(patch)).toEqual(['name', 'theme']);
    expect(patch.theme).toEqual({ primary: '#333333', accent: '#222222' });
    expect(patch.name).toBe('Y');
  });

  it('replaces arrays whole (RFC 7396) and never writes null values', () => {
    const target = { ...template, domains: ['a.example'], settings: { search: { pageSize: 24, configuredStockCount: null } } } as Record<string, Json>;
    const patch = createMergePatch(template, target) as Record<string, Json>;
    expect(patch).toEqual({ domains: ['a.example'] });
  });
});

describe('tenantFileFor', () => {
  it('keeps $schema first and always names the template', () => {
    const file = tenantFileFor(template, { ...template, name: 'Z' } as Record<string, Json>, {
      $schema: '../schemas/tenant-file.schema.json',
      template: 'base',
      name: 'Q',
    });
    expect(Object.keys(file)).toEqual(['$schema', 'template', 'name']);
    expect(file).toEqual({ $schema: '../schemas/tenant-file.schema.json', template: 'base', name: 'Z' });
  });
});
