// The header and footer menus as the shopper sees them (docs/requirements/dealer-services.md#screens "Header and footer navigation"): the tenant
// document's items, the Range filled in from the model catalogue, and every link to a page this site does not have
// left out (a dealer site never links its own 404). Pure, shared by server and browser.
import type { Link, NavItem, TenantDocument } from '../../../schemas/generated/tenant';
import type { PageTest, RangeMenu } from './range-menu';

interface MenuLink {
  label: string;
  href: string;
  external?: boolean;
  /** A logo tile (a make's logo) shown beside or above the label. */
  logo?: string;
  /** A picture of the model (mega-menus). */
  image?: string;
  badge?: string | null;
}

/** A column of a dropdown or mega-menu; a make's models sit under its logo tile. */
export interface MenuGroup {
  title?: string;
  href?: string;
  logo?: string;
  links: MenuLink[];
}

export interface HeaderMenuItem {
  label: string;
  /** Where the label itself links (a dropdown then offers 'All {label}'). */
  href?: string;
  external?: boolean;
  /** Label of the link to href at the top of the panel ('All Models', 'All Stock'). */
  allLabel?: string;
  layout: 'link' | 'dropdown' | 'mega';
  groups: MenuGroup[];
}

export interface FooterMenuGroup {
  title: string;
  links: MenuLink[];
}

type FooterGroupSpec = TenantDocument['navigation']['footer'][number];

const keepLink = (link: Pick<Link, 'href'>, exists: PageTest) => exists(link.href);

function fixedLinks(links: readonly Link[] | undefined, exists: PageTest): MenuLink[] {
  return (links ?? [])
    .filter((link) => keepLink(link, exists))
    .map((link) => ({ label: link.label, href: link.href, ...(link.external ? { external: true } : {}), ...(link.logo ? { logo: link.logo } : {}) }));
}

/** The Range as menu columns: one per make, headed by its logo tile; a one-make site gets a single column. */
function rangeGroups(range: RangeMenu | null | undefined): MenuGroup[] {
  return (range?.makes ?? []).map((make) => ({
    title: make.name,
    logo: make.logo,
    ...(make.href ? { href: make.href } : {}),
    links: make.models.map((m) => ({ label: m.name, href: m.href, image: m.image, badge: m.badge })),
  }));
}

/** The header's items: missing pages dropped, Range items filled from the catalogue, empty dropdowns left out. */
export function headerMenu(items: readonly NavItem[], range: RangeMenu | null | undefined, exists: PageTest): HeaderMenuItem[] {
  return items.flatMap((item): HeaderMenuItem[] => {
    const href = item.href && exists(item.href) ? item.href : undefined;
    const groups: MenuGroup[] = item.source === 'models' ? rangeGroups(range) : [];
    const fixed = fixedLinks(item.children, exists);
    if (fixed.length) groups.push({ links: fixed });
    if (!groups.some((g) => g.links.length)) {
      // A dropdown with nothing left in it is a plain link, or nothing at all.
      return href ? [{ label: item.label, href, layout: 'link', groups: [] }] : [];
    }
    const external = href && !href.startsWith('/') ? { external: true } : {};
    const all = href ? { href, allLabel: item.source === 'models' ? 'All Models' : `All ${item.label}` } : {};
    return [{ label: item.label, ...all, ...external, layout: item.layout === 'mega' ? 'mega' : 'dropdown', groups }];
  });
}

/** The footer's groups: a Models group lists the Range (make and model on a several-make site), then its fixed links. */
export function footerMenu(groups: readonly FooterGroupSpec[], range: RangeMenu | null | undefined, exists: PageTest): FooterMenuGroup[] {
  return groups.flatMap((group): FooterMenuGroup[] => {
    const makes = group.source === 'models' ? (range?.makes ?? []) : [];
    const models: MenuLink[] = makes.flatMap((make) => make.models.map((m) => ({ label: makes.length > 1 ? `${make.name} ${m.name}` : m.name, href: m.href })));
    const links = [...models, ...fixedLinks(group.links, exists)];
    return links.length ? [{ title: group.title, links }] : [];
  });
}

/** Whether the document asks for the Range anywhere (only then is the catalogue consulted and sent to the browser). */
export function usesModelRange(navigation: Pick<TenantDocument['navigation'], 'header' | 'footer'>): boolean {
  return navigation.header.some((item) => item.source === 'models') || navigation.footer.some((group) => group.source === 'models');
}
