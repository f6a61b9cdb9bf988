// Internal navigation links must lead to a page of this site: a dealer site never links to its own 404.
import { matchRoutes } from 'react-router';
import type { Check } from './types';
import { segmentsToPath } from '../problems';
import { catalogueLinks } from '../../models/site-links';
import { pageExists } from '../../renderer/page-exists';
import { walkBlocks, type BlockNode } from '../../document/blocks';

export const isInternalHref = (href: string) => href.startsWith('/') && !href.startsWith('//');

// Matching rebuilds react-router's route ranking on every call, so answers are remembered per set of routes: the
// editor re-validates on every keystroke and the routes and links rarely change between two of them.
let memo: { routesKey: string; answers: Map<string, boolean> } = { routesKey: '', answers: new Map() };
function matchesPage(routes: { path: string }[], pathname: string): boolean {
  const routesKey = routes.map((r) => r.path).join('\n');
  if (memo.routesKey !== routesKey) memo = { routesKey, answers: new Map() };
  let answer = memo.answers.get(pathname);
  if (answer === undefined) memo.answers.set(pathname, (answer = !!matchRoutes(routes, pathname)));
  return answer;
}

/** Props that hold a link: href, any *Href, url, linkTo. */
const isLinkKey = (key: string) => key === 'href' || key.endsWith('Href') || key === 'url' || key === 'linkTo';
/** [label](/path) links in dealer-written text (blocks/rich-text/markup.ts). */
const MARKUP_LINK = /\[[^\]]+\]\(([^)\s]+)\)/g;

/** Every link in a block's props, with its JSON path: link props, and markup links inside any text. */
export function* linksInProps(value: unknown, path: (string | number)[], key = ''): Generator<{ href: string; path: (string | number)[] }> {
  if (typeof value === 'string') {
    if (isLinkKey(key)) yield { href: value, path };
    else if (value.includes('](')) for (const m of value.matchAll(MARKUP_LINK)) yield { href: m[1], path };
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* linksInProps(value[i], [...path, i], key);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* linksInProps(v, [...path, k], k);
  }
}

export const internalLinks: Check = {
  meta: {
    code: 'internal-link',
    description:
      'Links to paths on this site (header, footer, and the props and text of every page block) match one of its pages (a model or brand page only for a model or brand of the site).',
  },
  run(doc) {
    // Model and brand pages (/:model, /:brand/overview) match only the site's own models and brands.
    const isCatalogue = (route: string) => ['model', 'brand'].includes(String(doc.pages?.[route]?.data));
    const routes = Object.keys(doc.pages ?? {})
      .filter((r) => r !== '*' && !isCatalogue(r))
      .map((path) => ({ path }));
    const catalogue = catalogueLinks(doc);
    const problems: { path: string; message: string }[] = [];
    const checkLink = (href: string | undefined, path: (string | number)[]) => {
      if (!href || !isInternalHref(href)) return;
      const pathname = href.split(/[?#]/)[0] || '/';
      if (!matchesPage(routes, pathname) && !pageExists(doc.pages ?? {}, pathname, catalogue)) {
        problems.push({ path: segmentsToPath(path), message: `link ${JSON.stringify(href)} matches no page of this site` });
      }
    };
    const nav = doc.navigation;
    nav?.header?.forEach((item, i) => {
      checkLink(item.href, ['navigation', 'header', i, 'href']);
      item.children?.forEach((link, j) => checkLink(link.href, ['navigation', 'header', i, 'children', j, 'href']));
    });
    nav?.footer?.forEach((group, i) => group.links?.forEach((link, j) => checkLink(link.href, ['navigation', 'footer', i, 'links', j, 'href'])));
    for (const [route, page] of Object.entries(doc.pages ?? {})) {
      for (const { block, path } of walkBlocks(((page as { blocks?: BlockNode[] }).blocks ?? []) as BlockNode[])) {
        for (const link of linksInProps(block.props ?? {}, ['pages', route, ...path, 'props'])) checkLink(link.href, link.path);
      }
    }
    return problems;
  },
};
