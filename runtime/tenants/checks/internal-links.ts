// Internal navigation links must lead to a page of this site: a dealer site never links to its own 404.
import type { Check } from './types';
import { segmentsToPath } from '../problems';
import { catalogueLinks } from '../../models/site-links';
import { pageExists } from '../../renderer/page-exists';
import type { BlockNode } from '../../document/blocks';
import { checkedBlocks } from './page-blocks';
import { hasHomePage } from './home-page';

const isInternalHref = (href: string) => href.startsWith('/') && !href.startsWith('//');

/** Props that hold a link: href, any *Href, url, linkTo. */
const isLinkKey = (key: string) => key === 'href' || key.endsWith('Href') || key === 'url' || key === 'linkTo';
/** [label](/path) links in dealer-written text (runtime/ui/forms/markup.ts). */
const MARKUP_LINK = /\[[^\]]+\]\(([^)\s]+)\)/g;

/** Every link in a block's props, with its JSON path: link props, and markup links inside any text. */
export function* linksInProps(value: unknown, path: (string | number)[], key = ''): Generator<{ href: string; path: (string | number)[] }> {
  if (typeof value === 'string') {
    if (isLinkKey(key)) yield { href: value, path };
    else if (value.includes('](')) for (const [, href = ''] of value.matchAll(MARKUP_LINK)) yield { href, path };
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* linksInProps(value[i], [...path, i], key);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* linksInProps(v, [...path, k], k);
  }
}

// A block's links, remembered per block object: the editor's validated draft keeps the blocks an edit did not touch
// (runtime/tenants/incremental-validate.ts), so a keystroke walks only the changed block's props.
const linksOf = new WeakMap<object, { href: string; path: (string | number)[] }[]>();
function blockLinks(block: BlockNode) {
  let links = linksOf.get(block);
  if (!links) linksOf.set(block, (links = [...linksInProps(block.props ?? {}, [])]));
  return links;
}

export const internalLinks: Check = {
  meta: {
    code: 'internal-link',
    description:
      'Links to paths on this site (header, footer, and the props and text of every page block) match one of its pages (a model or brand page only for a model or brand of the site).',
  },
  run(doc, ctx) {
    // Model and brand pages (/:model, /:brand/overview) match only the site's own models and brands.
    const catalogue = catalogueLinks(doc);
    const problems: { path: string; message: string }[] = [];
    // Without a home page the home-page check says so once; every link to "/" would only repeat it.
    const homeMissing = !hasHomePage(doc.pages as Record<string, unknown>);
    const checkLink = (href: string | undefined, path: (string | number)[]) => {
      if (!href || !isInternalHref(href)) return;
      const pathname = href.split(/[?#]/)[0] || '/';
      if (homeMissing && pathname === '/') return;
      if (!pageExists(doc.pages ?? {}, pathname, catalogue)) {
        problems.push({ path: segmentsToPath(path), message: `link ${JSON.stringify(href)} matches no page of this site` });
      }
    };
    const nav = doc.navigation;
    nav?.header?.forEach((item, i) => {
      checkLink(item.href, ['navigation', 'header', i, 'href']);
      item.children?.forEach((link, j) => checkLink(link.href, ['navigation', 'header', i, 'children', j, 'href']));
    });
    nav?.footer?.forEach((group, i) => group.links?.forEach((link, j) => checkLink(link.href, ['navigation', 'footer', i, 'links', j, 'href'])));
    for (const { block, route, path } of checkedBlocks(doc, ctx)) {
      for (const link of blockLinks(block)) checkLink(link.href, ['pages', route, ...path, 'props', ...link.path]);
    }
    return problems;
  },
};
