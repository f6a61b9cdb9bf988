// A redirect of an old address is only followed while no page sits at that very address; one a page shadows never runs.
// Its target must be one of the site's pages, and one old address has one redirect.
import type { Check } from './types';
import { segmentsToPath } from '../problems';
import { pageAt, pageServes, type Redirect } from '../../document/redirects';

export const redirects: Check = {
  meta: { code: 'redirect', description: 'Each redirect starts from an address no page serves, only once, and leads to a page of the site.' },
  run(doc) {
    const list = ((doc as { redirects?: Redirect[] }).redirects ?? []) as Redirect[];
    const pages = doc.pages ?? {};
    const problems: { path: string; message: string }[] = [];
    const seen = new Set<string>();
    list.forEach((r, i) => {
      const at = (key: string) => segmentsToPath(['redirects', i, key]);
      if (pageAt(pages, r.from))
        problems.push({
          path: at('from'),
          message: `a page of this site serves ${r.from}, so the redirect to ${r.to} would never be used; remove the redirect or move the page`,
        });
      if (seen.has(r.from)) problems.push({ path: at('from'), message: `${r.from} is redirected more than once` });
      seen.add(r.from);
      if (r.from === r.to) problems.push({ path: at('to'), message: `${r.from} cannot redirect to itself` });
      else if (!pageServes(pages, r.to.split(/[?#]/)[0] ?? r.to)) problems.push({ path: at('to'), message: `${r.to} is not a page of this site` });
    });
    return problems;
  },
};
