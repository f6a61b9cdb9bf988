// Footer links to brand overview pages: only the server knows which brands a site sells, so it sends the header and
// footer links to catalogue pages that exist with the page (the chrome); the footer keeps those and drops the rest.
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogueNavLinks } from '../page-data/catalogue-nav-links';
import { loadTenant } from '../tenants/load';
import { repoRoot } from '../../test-support/tenants';
import { ChromeContext, type SiteChrome } from './chrome-context';
import { Footer } from './Footer';
import { publicSite, SiteContext } from './site-context';

const loaded = loadTenant(join(repoRoot, 'tenants', 'southern-cross-motor-group.json'), join(repoRoot, 'tenants/templates'));
if (!loaded.ok) throw new Error('southern-cross-motor-group does not load');
const group = loaded.doc;

/** The labels of the footer group titled `title`. */
function footerGroup(chrome: SiteChrome, title: string): string[] {
  const html = renderToString(
    <StaticRouter location="/">
      <SiteContext.Provider value={publicSite(group)}>
        <ChromeContext.Provider value={chrome}>
          <Footer />
        </ChromeContext.Provider>
      </SiteContext.Provider>
    </StaticRouter>,
  );
  const at = html.indexOf(`<h2>${title}</h2>`);
  expect(at).toBeGreaterThan(-1);
  const list = html.slice(at, html.indexOf('</ul>', at));
  return [...list.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1] ?? '');
}

describe("a five-brand group's footer", () => {
  it('lists each brand it sells under Our Brands, then All Brands', () => {
    const links = catalogueNavLinks(group);
    expect(links).toEqual(['/ford/overview', '/hyundai/overview', '/isuzu/overview', '/kia/overview', '/toyota/overview']);
    expect(footerGroup({ range: null, catalogueLinks: links }, 'Our Brands')).toEqual(['Toyota', 'Hyundai', 'Kia', 'Ford', 'Isuzu', 'All Brands']);
  });
  it('leaves out a brand page the site does not have', () => {
    expect(footerGroup({ range: null, catalogueLinks: ['/kia/overview'] }, 'Our Brands')).toEqual(['Kia', 'All Brands']);
  });
});
