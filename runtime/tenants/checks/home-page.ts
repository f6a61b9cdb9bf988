// Every site has a home page. Templates carry the pages all sites share; the home page is each site's own, so a new
// tenant that forgets it hears that once, plainly, rather than through every link to "/".
import type { Check } from './types';

export const HOME_PAGE_MISSING =
  'the site has no home page: add a page at "/" under pages (templates give every other page; each site writes its own home page, see docs/configuration.md)';

export const hasHomePage = (pages: Record<string, unknown> | undefined) => Boolean(pages && Object.hasOwn(pages, '/'));

export const homePage: Check = {
  meta: { code: 'home-page', description: 'The site has a page at "/" (templates carry no home page).' },
  run(doc) {
    return hasHomePage(doc.pages as Record<string, unknown>) ? [] : [{ path: 'pages', message: HOME_PAGE_MISSING }];
  },
};
