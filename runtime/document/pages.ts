// Editing a document's pages and navigation as pure functions: each returns a new document and leaves its input
// alone. Add a page (a route pattern and a starting layout), rename its route (links to it follow), duplicate it,
// remove it (refused while the navigation links to it, naming the links), and the header and footer menus as a tree.
import { matchRoutes } from 'react-router';
import { walkBlocks, type BlockNode } from './blocks';
import { uniqueId } from './operations';
import { redirectsAfterRename } from './redirects';

export class PageOperationError extends Error {}

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
type Doc = Record<string, any>;
interface Page {
  title: string;
  description?: string;
  data?: string;
  blocks: BlockNode[];
}
export interface NavLink {
  label: string;
  href?: string;
  children?: NavLink[];
  [k: string]: unknown;
}

/** A route pattern: "/", or segments of lower-case words or :params (an optional one ends in ?). */
const ROUTE = /^\/$|^(\/([a-z0-9]+(-[a-z0-9]+)*|:[a-z][a-zA-Z0-9]*\??))+$/;

export function routeProblem(route: string, pages: Record<string, unknown>, except?: string): string | undefined {
  if (!route.startsWith('/')) return 'A page address starts with "/", for example /about-us.';
  if (!ROUTE.test(route)) return 'Use lower-case letters, digits and dashes between the slashes, for example /about-us (or :slug for a part that changes).';
  if (route !== except && pages[route]) return `The site already has a page at ${route}.`;
  const clash = Object.keys(pages).find((r) => r !== except && r !== '*' && r.replace(/:[^/]+/g, ':') === route.replace(/:[^/]+/g, ':'));
  if (clash) return `${route} would show the same addresses as the page at ${clash}.`;
  return undefined;
}

const allBlockIds = (doc: Doc) => {
  const ids = new Set<string>();
  for (const page of Object.values((doc.pages ?? {}) as Record<string, Page>)) for (const v of walkBlocks(page.blocks ?? [])) ids.add(v.block.id);
  return ids;
};

/** Fresh ids for a copied block tree, unique in the document. */
function renumber(blocks: BlockNode[], ids: Set<string>): BlockNode[] {
  return blocks.map((b) => {
    const id = uniqueId(ids, b.id);
    ids.add(id);
    const copy: BlockNode = { ...structuredClone(b), id };
    if (b.slots) copy.slots = Object.fromEntries(Object.entries(b.slots).map(([k, v]) => [k, renumber(v ?? [], ids)]));
    return copy;
  });
}

/** Adds a page at `route` with a starting layout (block ids made unique in the document). */
export function addPage(doc: Doc, route: string, page: { title: string; blocks?: BlockNode[]; description?: string }): Doc {
  const problem = routeProblem(route, doc.pages ?? {});
  if (problem) throw new PageOperationError(problem);
  if (!page.title.trim()) throw new PageOperationError('Give the page a title.');
  // A new document sharing everything else (a deep copy would make every block of every page new to the editor's
  // incremental validator and to the preview, which would check and render them all again).
  const blocks = renumber(page.blocks ?? [], allBlockIds(doc));
  const next: Doc = {
    ...doc,
    pages: { ...doc.pages, [route]: { title: page.title.trim(), ...(page.description ? { description: page.description } : {}), blocks } },
  };
  // A page added at an old address takes it back from its redirect.
  if (next.redirects) next.redirects = (next.redirects as { from: string }[]).filter((r) => r.from !== route);
  return next;
}

export function duplicatePage(doc: Doc, from: string, to: string): Doc {
  const source = doc.pages?.[from] as Page | undefined;
  if (!source) throw new PageOperationError(`There is no page at ${from}.`);
  const problem = routeProblem(to, doc.pages);
  if (problem) throw new PageOperationError(problem);
  // The copy is new; the other pages stay the same objects (see addPage).
  const copy = { ...structuredClone(source), title: `${source.title} (copy)` };
  return { ...doc, pages: { ...doc.pages, [to]: { ...copy, blocks: renumber(copy.blocks ?? [], allBlockIds(doc)) } } };
}

/** Does this link lead to the page at `route`? (A link's query and fragment are ignored.) */
function linksTo(href: string | undefined, route: string): boolean {
  if (!href || !href.startsWith('/') || href.startsWith('//') || route === '*') return false;
  const pathname = href.split(/[?#]/)[0] || '/';
  const matches = matchRoutes([{ path: route }], pathname);
  return !!matches && matches.some((m) => m.route.path === route);
}

export interface NavLinkRef {
  /** "header menu › Used cars › Under $20k" */
  where: string;
  path: (string | number)[];
  href: string;
}

/** Every header and footer link that leads to the page at `route`. */
export function navigationLinksTo(doc: Doc, route: string): NavLinkRef[] {
  const found: NavLinkRef[] = [];
  const visit = (items: NavLink[] | undefined, where: string, path: (string | number)[]) =>
    (items ?? []).forEach((item, i) => {
      if (linksTo(item.href, route)) found.push({ where: `${where} › ${item.label}`, path: [...path, i], href: item.href! });
      visit(item.children, `${where} › ${item.label}`, [...path, i, 'children']);
    });
  visit(doc.navigation?.header, 'header menu', ['navigation', 'header']);
  ((doc.navigation?.footer ?? []) as { title: string; links: NavLink[] }[]).forEach((group, g) =>
    visit(group.links, `footer › ${group.title}`, ['navigation', 'footer', g, 'links']),
  );
  return found;
}

/** Removes a page; refused for the home and not-found pages, and while the navigation links to it (naming the links). */
export function removePage(doc: Doc, route: string): Doc {
  if (!doc.pages?.[route]) throw new PageOperationError(`There is no page at ${route}.`);
  if (route === '/' || route === '*')
    throw new PageOperationError(route === '/' ? 'The home page cannot be removed.' : 'The page shown for unknown addresses cannot be removed.');
  const links = navigationLinksTo(doc, route);
  if (links.length)
    throw new PageOperationError(
      `${route} is linked from the ${links.map((l) => `${l.where} (${l.href})`).join(', ')}. Change or remove ${links.length === 1 ? 'that link' : 'those links'} first.`,
    );
  const next = structuredClone(doc);
  delete next.pages[route];
  // Old addresses that led to the removed page have nowhere to go now.
  if (next.redirects) next.redirects = (next.redirects as { to: string }[]).filter((r) => !linksTo(r.to, route));
  return next;
}

const retarget = (href: string, from: string, to: string) => {
  const pathname = href.split(/[?#]/)[0] ?? href;
  const rest = href.slice(pathname.length);
  return pathname === from ? to + rest : href;
};

/** Moves a page to a new route, keeping its place in the document; links to the old path (navigation, and block
 *  props such as button links) follow when the route has no parameters. Returns how many links changed. */
export function renamePage(doc: Doc, from: string, to: string): { doc: Doc; linksUpdated: number } {
  if (!doc.pages?.[from]) throw new PageOperationError(`There is no page at ${from}.`);
  if (from === '/' || from === '*') throw new PageOperationError('The home page and the not-found page keep their addresses.');
  if (from === to) return { doc, linksUpdated: 0 };
  const problem = routeProblem(to, doc.pages, from);
  if (problem) throw new PageOperationError(problem);
  const next = structuredClone(doc);
  next.pages = Object.fromEntries(Object.entries(next.pages).map(([r, p]) => [r === from ? to : r, p]));
  let linksUpdated = 0;
  if (!from.includes(':')) {
    // biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
    const walk = (node: any, key?: string): any => {
      if (typeof node === 'string') {
        if ((key === 'href' || key === 'url' || key === 'link') && node.startsWith('/')) {
          const changed = retarget(node, from, to);
          if (changed !== node) linksUpdated++;
          return changed;
        }
        return node;
      }
      if (Array.isArray(node)) return node.map((v) => walk(v, key));
      if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]));
      return node;
    };
    if (next.navigation) next.navigation = walk(next.navigation);
    for (const page of Object.values(next.pages as Record<string, Page>)) page.blocks = walk(page.blocks);
  }
  // The old address keeps working on the live site: a permanent redirect to the new one (runtime/document/redirects.ts).
  const redirects = redirectsAfterRename(next.redirects, from, to);
  if (redirects.length) next.redirects = redirects;
  else delete next.redirects;
  return { doc: next, linksUpdated };
}

// The header menu: top-level items, each with optional dropdown children (one level, as the site renders it).

/** Moves an item within its list (top level, or the children of `parent`). */
export function moveNavItem(items: readonly NavLink[], from: number, to: number, parent?: number): NavLink[] {
  const next = structuredClone(items) as NavLink[];
  const owner = parent === undefined ? undefined : next[parent];
  if (parent !== undefined && !owner) throw new PageOperationError('There is no menu item there.');
  const list = owner ? (owner.children ??= []) : next;
  const item = list[from];
  if (!item || from < 0 || to < 0 || to >= list.length) throw new PageOperationError('There is no menu item there.');
  list.splice(from, 1);
  list.splice(to, 0, item);
  return next;
}

/** Makes a top-level item a dropdown link of the item before it (which keeps its own link). */
export function nestNavItem(items: readonly NavLink[], index: number): NavLink[] {
  const item = items[index];
  if (index <= 0 || !item) throw new PageOperationError('The first menu item has nothing to go under.');
  if (item.children?.length) throw new PageOperationError(`"${item.label}" has its own dropdown links; menus go one level deep.`);
  if (!item.href) throw new PageOperationError(`"${item.label}" has no link to go in a dropdown.`);
  const next = structuredClone(items) as NavLink[];
  next.splice(index, 1);
  const link: NavLink = { label: item.label, href: item.href };
  const before = next[index - 1];
  if (before) (before.children ??= []).push(link);
  return next;
}

/** Moves a dropdown link out to the top level, just after its parent. */
export function unnestNavItem(items: readonly NavLink[], parent: number, child: number): NavLink[] {
  const next = structuredClone(items) as NavLink[];
  const owner = next[parent];
  const children = owner?.children;
  const link = children?.[child];
  if (!owner || !children || !link) throw new PageOperationError('There is no menu item there.');
  children.splice(child, 1);
  if (!children.length) delete owner.children;
  next.splice(parent + 1, 0, { label: link.label, href: link.href });
  return next;
}

export function removeNavItem(items: readonly NavLink[], index: number, parent?: number): NavLink[] {
  const next = structuredClone(items) as NavLink[];
  const owner = parent === undefined ? undefined : next[parent];
  const list = parent === undefined ? next : owner?.children;
  if (!list?.[index]) throw new PageOperationError('There is no menu item there.');
  list.splice(index, 1);
  if (owner && !list.length) delete owner.children;
  return next;
}

export function addNavItem(items: readonly NavLink[] | undefined, link: { label: string; href: string }, parent?: number): NavLink[] {
  if (!link.label.trim()) throw new PageOperationError('Give the menu item a label.');
  const next = structuredClone(items ?? []) as NavLink[];
  const owner = parent === undefined ? undefined : next[parent];
  if (parent !== undefined && !owner) throw new PageOperationError('There is no menu item there.');
  if (owner) (owner.children ??= []).push({ label: link.label.trim(), href: link.href });
  else next.push({ label: link.label.trim(), href: link.href });
  return next;
}

// The footer menu: groups (a heading, and its links), as a tree of two levels. A group built from the model
// catalogue (source: "models") keeps its source; its fixed links follow the models.
export interface FooterGroup {
  title: string;
  links?: NavLink[];
  source?: string;
  [k: string]: unknown;
}

const footerCopy = (groups: readonly FooterGroup[] | undefined) => structuredClone(groups ?? []) as FooterGroup[];

export function addFooterGroup(groups: readonly FooterGroup[] | undefined, title: string): FooterGroup[] {
  if (!title.trim()) throw new PageOperationError('Give the group a heading.');
  return [...footerCopy(groups), { title: title.trim(), links: [] }];
}

export function addFooterLink(groups: readonly FooterGroup[] | undefined, group: number, link: { label: string; href: string }): FooterGroup[] {
  if (!link.label.trim()) throw new PageOperationError('Give the link a label.');
  const next = footerCopy(groups);
  const target = next[group];
  if (!target) throw new PageOperationError('Add a group first: footer links sit under a heading.');
  (target.links ??= []).push({ label: link.label.trim(), href: link.href });
  return next;
}

/** Moves a group (group undefined) or a link within its group. */
export function moveFooterItem(groups: readonly FooterGroup[], from: number, to: number, group?: number): FooterGroup[] {
  const next = footerCopy(groups);
  const list: unknown[] = group === undefined ? next : (next[group]?.links ?? []);
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) throw new PageOperationError('There is no menu item there.');
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item);
  return next;
}

/** Moves a link to the end of another group. */
export function moveFooterLinkToGroup(groups: readonly FooterGroup[], group: number, index: number, toGroup: number): FooterGroup[] {
  const next = footerCopy(groups);
  const links = next[group]?.links;
  const link = links?.[index];
  const target = next[toGroup];
  if (!links || !link || !target) throw new PageOperationError('There is no menu item there.');
  links.splice(index, 1);
  (target.links ??= []).push(link);
  return next;
}

/** Removes a group (group undefined: `index` is the group) with its links, or one link. */
export function removeFooterItem(groups: readonly FooterGroup[], index: number, group?: number): FooterGroup[] {
  const next = footerCopy(groups);
  const list: unknown[] | undefined = group === undefined ? next : next[group]?.links;
  if (!list?.[index]) throw new PageOperationError('There is no menu item there.');
  list.splice(index, 1);
  return next;
}

/** A typed link target: a path on this site or a full web address (whether the path is a page, the validator says). */
export function linkTargetProblem(href: string): string | undefined {
  const value = href.trim();
  if (!value) return 'Choose a page, or type a path such as /about-us or a full web address.';
  if (!(value.startsWith('/') && !value.startsWith('//')) && !/^https?:\/\/[^\s]+$/.test(value))
    return 'A link is a path on this site (/about-us) or a full web address (https://…).';
  return undefined;
}
