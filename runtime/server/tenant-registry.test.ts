import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import { TenantRegistry } from './tenant-registry';

function registryOf(docs: Record<string, unknown>) {
  const dir = tempTenantsDir(docs);
  const log: string[] = [];
  const registry = new TenantRegistry(dir, join(dir, 'templates'), undefined, (m) => log.push(m));
  registry.loadAll();
  const slugOf = (host: string) => {
    const match = registry.match(host);
    return match.kind === 'tenant' ? match.doc.slug : match.kind;
  };
  return { registry, log, slugOf };
}

describe('TenantRegistry: hosts', () => {
  it('serves a listed domain on its www. host too, and a www. domain on that host only', () => {
    const { slugOf } = registryOf({
      'a-motors': minimalTenant('a-motors', { domains: ['bigsky.example'] }),
      'b-motors': minimalTenant('b-motors', { domains: ['www.other.example'], dealerships: [{ ...minimalTenant().dealerships[0], id: 9002 }] }),
    });
    expect(slugOf('bigsky.example')).toBe('a-motors');
    expect(slugOf('WWW.BigSky.Example.:443')).toBe('a-motors');
    expect(slugOf('www.other.example')).toBe('b-motors');
    expect(slugOf('other.example')).toBe('unknown');
    expect(slugOf('www.www.bigsky.example')).toBe('unknown');
  });

  it("never hands a site's implied www. host to a document loaded later that lists it", () => {
    const { slugOf, log } = registryOf({
      'a-motors': minimalTenant('a-motors', { domains: ['bigsky.example'] }),
      'b-motors': minimalTenant('b-motors', { domains: ['b.example', 'www.bigsky.example'], dealerships: [{ ...minimalTenant().dealerships[0], id: 9002 }] }),
    });
    expect(slugOf('www.bigsky.example')).toBe('a-motors');
    expect(slugOf('b.example')).toBe('b-motors');
    expect(log).toContain('tenant "b-motors" names the domain www.bigsky.example, which already belongs to tenant "a-motors": not served for "b-motors"');
  });

  it("keeps a listed www. host for its site when a later document's bare domain would imply it", () => {
    const { slugOf, log } = registryOf({
      'a-motors': minimalTenant('a-motors', { domains: ['www.bigsky.example'] }),
      'b-motors': minimalTenant('b-motors', { domains: ['bigsky.example'], dealerships: [{ ...minimalTenant().dealerships[0], id: 9002 }] }),
    });
    expect(slugOf('www.bigsky.example')).toBe('a-motors');
    expect(slugOf('bigsky.example')).toBe('b-motors');
    expect(log).toContain(
      'tenant "b-motors" names the domain bigsky.example, whose host www.bigsky.example already belongs to tenant "a-motors": www.bigsky.example is not served for "b-motors"',
    );
  });
});
