import { describe, expect, it } from 'vitest';
import { PublicUrlConfigError, publicUrlsFromEnv, sitesWithoutLinkOrigin } from './public-urls';

const site = { slug: 'big-sky-cars', url: 'https://www.bigskycars.example/home' };
const bare = { slug: 'no-url-motors' };

describe('publicUrlsFromEnv', () => {
  it('refuses production without EDITOR_PUBLIC_URL, naming the variable', () => {
    expect(() => publicUrlsFromEnv({ NODE_ENV: 'production', PORT: '8080' })).toThrow(PublicUrlConfigError);
    expect(() => publicUrlsFromEnv({ NODE_ENV: 'production', EDITOR_PUBLIC_URL: '  ' })).toThrow(/^EDITOR_PUBLIC_URL is not set\. In production/);
  });

  it('refuses an EDITOR_PUBLIC_URL or SITE_URL_TEMPLATE that is not an origin', () => {
    expect(() => publicUrlsFromEnv({ EDITOR_PUBLIC_URL: 'editor.example.com' })).toThrow('EDITOR_PUBLIC_URL is "editor.example.com": it is not a URL.');
    expect(() => publicUrlsFromEnv({ EDITOR_PUBLIC_URL: 'https://editor.example.com/editor' })).toThrow(/it must be an origin only, without a path/);
    expect(() => publicUrlsFromEnv({ EDITOR_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/it must start with https:\/\/ or http:\/\//);
    expect(() => publicUrlsFromEnv({ SITE_URL_TEMPLATE: 'http://localhost:3000' })).toThrow(
      'SITE_URL_TEMPLATE is "http://localhost:3000": it must contain {slug}.',
    );
    expect(() => publicUrlsFromEnv({ SITE_URL_TEMPLATE: 'http://{slug}.localhost/x' })).toThrow(/without a path/);
  });

  it('production: the editor from EDITOR_PUBLIC_URL, each site from its own url (none without one)', () => {
    const urls = publicUrlsFromEnv({ NODE_ENV: 'production', EDITOR_PUBLIC_URL: 'https://editor.example.com/', PORT: '8080' });
    expect(urls.editor).toBe('https://editor.example.com');
    expect(urls.site(site)).toBe('https://www.bigskycars.example');
    expect(urls.site(bare)).toBeUndefined();
    expect(urls.site({ slug: 'odd', url: 'ftp://files.example' })).toBeUndefined();
    expect(sitesWithoutLinkOrigin(urls, [site, bare])).toEqual(['no-url-motors']);
  });

  it('SITE_URL_TEMPLATE takes the place of every site url (local and test servers)', () => {
    const urls = publicUrlsFromEnv({ NODE_ENV: 'production', EDITOR_PUBLIC_URL: 'http://localhost:3100', SITE_URL_TEMPLATE: 'http://{slug}.localhost:3100/' });
    expect(urls.site(site)).toBe('http://big-sky-cars.localhost:3100');
    expect(urls.site(bare)).toBe('http://no-url-motors.localhost:3100');
    expect(sitesWithoutLinkOrigin(urls, [site, bare])).toEqual([]);
  });

  it('outside production: localhost on the configured PORT, never a request', () => {
    const urls = publicUrlsFromEnv({ PORT: '4000' });
    expect(urls.editor).toBe('http://localhost:4000');
    expect(urls.site(site)).toBe('http://big-sky-cars.localhost:4000');
    expect(publicUrlsFromEnv({}).editor).toBe('http://localhost:3000');
  });
});
