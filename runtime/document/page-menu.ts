// A page just added is offered for the header menu: one click puts a link to it at the end of the menu, named after
// the page. Pages whose address has a changing part (:slug) cannot be linked to as they are.
import type { NavItem } from '../../schemas/generated/tenant';

// biome-ignore lint/suspicious/noExplicitAny: a tenant document walked by key; Ajv checks its shape
type Doc = Record<string, any>;

const links = (items: NavItem[]): string[] => items.flatMap((i) => [...(i.href ? [i.href] : []), ...(i.children ?? []).map((c) => c.href)]);

/** Whether the header menu can take a link to `route`: a fixed address the menu (or one of its dropdowns) lacks. */
export function canAddToHeaderMenu(doc: Doc, route: string): boolean {
  return route.startsWith('/') && !route.includes(':') && route !== '*' && !links(doc.navigation?.header ?? []).includes(route);
}

/** The document with a link to `route`, labelled `label` (the address when empty), at the end of the header menu. */
export function addToHeaderMenu(doc: Doc, route: string, label: string): Doc {
  if (!canAddToHeaderMenu(doc, route)) return doc;
  const item: NavItem = { label: label.trim() || route, href: route };
  return { ...doc, navigation: { ...doc.navigation, header: [...(doc.navigation?.header ?? []), item] } };
}
