import { describe, expect, it } from 'vitest';
import { clashesWith, crossTenantProblems, hostsOfDomain } from './unique-across-tenants';

describe('hostsOfDomain', () => {
  it('answers the domain and its www. form, compared case-insensitively without a trailing dot', () => {
    expect(hostsOfDomain('bigsky.example')).toEqual(['bigsky.example', 'www.bigsky.example']);
    expect(hostsOfDomain(' BigSky.Example. ')).toEqual(['bigsky.example', 'www.bigsky.example']);
  });

  it('adds nothing to a domain that is a www. host already (the bare domain is not claimed)', () => {
    expect(hostsOfDomain('www.bigsky.example')).toEqual(['www.bigsky.example']);
  });
});

describe('clashesWith: domains', () => {
  const bigSky = { slug: 'big-sky', domains: ['bigsky.example'] };

  it("refuses the www. host of another site's domain without naming that site", () => {
    const problems = clashesWith({ slug: 'mazda', domains: ['mazda.example', 'WWW.BigSky.Example.'] }, [bigSky]);
    expect(problems).toEqual([
      {
        path: 'domains[1]',
        message: 'domain "www.bigsky.example" is already served by another site; a domain can belong to one site only',
        code: 'unique-across-tenants',
      },
    ]);
    expect(JSON.stringify(problems)).not.toContain('big-sky');
  });

  it('refuses a bare domain whose www. host another site lists', () => {
    expect(clashesWith({ slug: 'mazda', domains: ['bigsky.example'] }, [{ slug: 'big-sky', domains: ['www.bigsky.example'] }])).toEqual([
      {
        path: 'domains[0]',
        message:
          'domain "bigsky.example" would also answer on "www.bigsky.example", which is already served by another site; a domain can belong to one site only',
        code: 'unique-across-tenants',
      },
    ]);
  });

  it('lets a site list its own domain with and without www., and leaves other hosts alone', () => {
    expect(clashesWith({ slug: 'big-sky', domains: ['bigsky.example', 'www.bigsky.example'] }, [])).toEqual([]);
    expect(clashesWith({ slug: 'mazda', domains: ['shop.bigsky.example', 'bigsky.example.au', 'wwwbigsky.example'] }, [bigSky])).toEqual([]);
  });

  it('across the tenants folder, the first to claim a host keeps it', () => {
    const found = crossTenantProblems([bigSky, { slug: 'mazda', domains: ['www.bigsky.example'] }]);
    expect([...found.keys()]).toEqual([1]);
    expect(found.get(1)?.[0]?.path).toBe('domains[0]');
  });
});
