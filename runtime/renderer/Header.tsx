// The site header (docs/requirements/dealer-services.md#screens): logo, the main menu with dropdowns and mega-menus (brand logo tiles), opened by click
// or by hover per navigation.dropdownTrigger, and a mobile menu. Menus follow the WAI-ARIA disclosure pattern: a
// button with aria-expanded and aria-controls; Enter or Space toggles, Escape closes and returns focus to the button,
// Tab moves through the links, and focus or a click outside closes the menu.
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from './Link';
import { headerMenu, type HeaderMenuItem, type MenuGroup } from '../domain/navigation/menu';
import { chromeLinkExists, useChrome } from './chrome-context';
import { sitePageExists } from './page-exists';
import { SiteLink } from './SiteLink';
import { useSite } from './site-context';
import { ResponsiveImage } from '../ui/image/ResponsiveImage';
import { CaretIcon } from '../ui/icons/icons';

/** The narrowest window that shows the menu in one row; narrower, it is behind the Menu button (site.css's header rules). */
export const ONE_ROW_MENU_MIN_WIDTH = 1241;
/** Hover opens menus only where there is a real pointer and the desktop menu shows (touch screens tap instead). */
const HOVER_MEDIA = `(hover: hover) and (pointer: fine) and (min-width: ${ONE_ROW_MENU_MIN_WIDTH}px)`;
/** A short grace period, so moving the pointer from the label into the panel does not close it. */
const HOVER_CLOSE_MS = 150;

function GroupHeading({ group, loading }: { group: MenuGroup; loading: 'lazy' | 'eager' }) {
  if (!group.title) return null;
  const tile = (
    <>
      {group.logo && <ResponsiveImage src={group.logo} alt="" className="tile-logo" width={72} height={24} loading={loading} />}
      <span>{group.title}</span>
    </>
  );
  return (
    <p className="menu-group-title">
      {group.href ? (
        <SiteLink href={group.href} className="menu-logo-tile">
          {tile}
        </SiteLink>
      ) : (
        <span className="menu-logo-tile">{tile}</span>
      )}
    </p>
  );
}

/**
 * A closed panel is hidden, where lazy images never load: its logos and model pictures load once the shopper is about
 * to open one (the pointer comes over the menu, focus comes into it, the phone's Menu button is pressed), so they are
 * there when it opens instead of a second later. Hover menus open the moment the pointer reaches their item: the
 * pointer crossing the menu bar on its way is the head start.
 */
function MenuPanel({ item, id, open, warm, onChoose }: { item: HeaderMenuItem; id: string; open: boolean; warm: boolean; onChoose: () => void }) {
  const mega = item.layout === 'mega';
  const loading = open || warm ? 'eager' : 'lazy';
  return (
    // A chosen link closes the panel at once, also when it leads to the page already shown (no navigation to close it).
    <div id={id} className={mega ? 'dropdown mega-menu' : 'dropdown'} hidden={!open} onClick={(e) => (e.target as Element).closest('a') && onChoose()}>
      {item.href && (
        <p className="menu-all">
          <SiteLink href={item.href} external={item.external}>
            {item.allLabel}
          </SiteLink>
        </p>
      )}
      <div className="menu-groups">
        {item.groups.map((group, g) => (
          <div key={group.title ?? `links-${g}`} className="menu-group">
            <GroupHeading group={group} loading={loading} />
            <ul>
              {group.links.map((link) => (
                <li key={link.href + link.label}>
                  <SiteLink href={link.href} external={link.external}>
                    {mega && link.image && (
                      <ResponsiveImage src={link.image} alt="" className="menu-model-image" width={96} height={48} sizes="96px" loading={loading} />
                    )}
                    {!link.image && link.logo && <ResponsiveImage src={link.logo} alt="" className="tile-logo" width={28} height={28} loading={loading} />}
                    <span>{link.label}</span>
                    {link.badge && <span className="menu-badge">{link.badge}</span>}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

// The header's menu per site object (one per document and page, site-context.tsx browserSite) and Range, worked out
// once: the server renders it on every page request.
const menusOf = new WeakMap<object, WeakMap<object, HeaderMenuItem[]>>();

function menuOf(site: ReturnType<typeof useSite>, chrome: ReturnType<typeof useChrome>): HeaderMenuItem[] {
  let byChrome = menusOf.get(site);
  if (!byChrome) menusOf.set(site, (byChrome = new WeakMap()));
  let items = byChrome.get(chrome);
  if (!items)
    byChrome.set(chrome, (items = headerMenu(site.navigation.header, chrome.range, (href) => chromeLinkExists(chrome, (h) => sitePageExists(site, h), href))));
  return items;
}

export function Header() {
  const site = useSite();
  const chrome = useChrome();
  const items = menuOf(site, chrome);
  const trigger = site.navigation.dropdownTrigger ?? 'click';
  const baseId = useId();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // The shopper is about to open a panel: their images start loading (see MenuPanel).
  const [warm, setWarm] = useState(false);
  const warmUp = () => setWarm(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const location = useLocation();

  // A followed link closes every menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation to another path or query: that is what closes the menus
  useEffect(() => {
    setOpenIndex(null);
    setMobileOpen(false);
  }, [location.pathname, location.search]);

  // Escape closes the open dropdown (focus back on its button), else the mobile menu (focus back on its toggle);
  // a press outside the header's open parts closes them.
  useEffect(() => {
    if (openIndex === null && !mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (openIndex !== null) {
        setOpenIndex(null);
        triggers.current[openIndex]?.focus();
      } else {
        setMobileOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onPointer = (e: MouseEvent) => {
      const target = e.target as Node;
      const openItem = openIndex === null ? null : triggers.current[openIndex]?.closest('li');
      if (openItem && !openItem.contains(target)) setOpenIndex(null);
      if (mobileOpen && !headerRef.current?.contains(target)) setMobileOpen(false);
    };
    // On the window, in the capture phase: React stops a press or a key aimed at a block that has not hydrated yet
    // (lazy-hydration.ts) at the document, so a listener there would never hear a press on the page's hero.
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('mousedown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('mousedown', onPointer, true);
    };
  }, [openIndex, mobileOpen]);

  // The mobile menu takes focus when it opens, so keyboard and screen-reader users land in it.
  useEffect(() => {
    if (mobileOpen) menuRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [mobileOpen]);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const hoverEnabled = () => trigger === 'hover' && typeof window !== 'undefined' && window.matchMedia(HOVER_MEDIA).matches;
  const hoverProps = (index: number) =>
    trigger === 'hover'
      ? {
          onMouseEnter: () => {
            if (!hoverEnabled()) return;
            clearTimeout(hoverTimer.current);
            setOpenIndex(index);
          },
          onMouseLeave: () => {
            if (!hoverEnabled()) return;
            clearTimeout(hoverTimer.current);
            hoverTimer.current = setTimeout(() => setOpenIndex((open) => (open === index ? null : open)), HOVER_CLOSE_MS);
          },
        }
      : {};
  // Tabbing out of an open menu closes it (the disclosure stays a short detour in the tab order).
  const closeWhenFocusLeaves = (index: number) => (e: FocusEvent<HTMLLIElement>) => {
    const next = e.relatedTarget as Node | null;
    if (next && !e.currentTarget.contains(next)) setOpenIndex((open) => (open === index ? null : open));
  };
  const onTriggerClick = (index: number, pointer: boolean) => {
    // With hover menus a mouse click keeps the menu open (the pointer already opened it); keys toggle as always.
    if (pointer && hoverEnabled()) setOpenIndex(index);
    else setOpenIndex((open) => (open === index ? null : index));
  };

  const logoHeight = site.theme.logo.height ?? 44;
  // The room kept for the logo, loaded or not: the site's width setting, else a typical wordmark's four to one.
  const logoWidth = site.theme.logo.width ?? logoHeight * 4;
  const headerClass = [
    'site-header',
    `header-${site.theme.headerStyle ?? 'brand'}`,
    `dropdowns-${trigger}`,
    // docs/requirements/dealer-services.md#screens: the header gets a class while a dropdown is open.
    openIndex !== null ? 'dropdown-open' : '',
    mobileOpen ? 'menu-open' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <header ref={headerRef} className={headerClass}>
      <div className="container header-inner">
        <Link to="/" className="logo" aria-label={`${site.name} home`}>
          <ResponsiveImage
            src={site.theme.logo.url}
            alt={site.theme.logo.alt ?? site.name}
            width={logoWidth}
            height={logoHeight}
            loading="eager"
            // The box keeps the setting's ratio once the file arrives too (a file of another ratio is fitted inside it).
            style={{ aspectRatio: `${logoWidth} / ${logoHeight}` }}
          />
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={mobileOpen}
          aria-controls="site-menu"
          onPointerDown={warmUp}
          onClick={() => {
            setOpenIndex(null);
            setMobileOpen(!mobileOpen);
          }}
        >
          Menu
        </button>
        <nav
          id="site-menu"
          ref={menuRef}
          aria-label="Main"
          className={mobileOpen ? 'open' : ''}
          onPointerEnter={warmUp}
          onFocus={warmUp}
          onClick={(e) => {
            // A link followed to the page already shown changes no location: close the menus here too.
            if ((e.target as Element).closest('a')) {
              setOpenIndex(null);
              setMobileOpen(false);
            }
          }}
        >
          <ul className="nav-list">
            {items.map((item, index) => {
              if (item.layout === 'link') {
                return (
                  <li key={item.label} className="nav-item">
                    {item.href!.startsWith('/') ? (
                      <NavLink to={item.href!} end={item.href === '/'}>
                        {item.label}
                      </NavLink>
                    ) : (
                      <SiteLink href={item.href!}>{item.label}</SiteLink>
                    )}
                  </li>
                );
              }
              const open = openIndex === index;
              const panelId = `${baseId}-menu-${index}`;
              return (
                <li
                  key={item.label}
                  className={`nav-item has-dropdown${item.layout === 'mega' ? ' has-mega' : ''}${open ? ' open' : ''}`}
                  onBlur={closeWhenFocusLeaves(index)}
                  {...hoverProps(index)}
                >
                  <button
                    ref={(el) => {
                      triggers.current[index] = el;
                    }}
                    type="button"
                    className="nav-trigger"
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={(e) => onTriggerClick(index, e.detail > 0)}
                  >
                    {item.label}
                    <span aria-hidden="true" className="caret">
                      <CaretIcon />
                    </span>
                  </button>
                  <MenuPanel item={item} id={panelId} open={open} warm={warm} onChoose={() => setOpenIndex(null)} />
                </li>
              );
            })}
          </ul>
        </nav>
        {/* Shopper accounts (issue 10): the account page signs a signed-out visitor in first. */}
        {site.pages['/my-account'] && (
          <Link to="/my-account" className="header-account">
            My Account
          </Link>
        )}
      </div>
    </header>
  );
}
