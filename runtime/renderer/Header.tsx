import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { NavItem } from '../../schemas/generated/tenant';
import { SiteLink } from './SiteLink';
import { useSite } from './site-context';

function Dropdown({ item, trigger, onOpenChange }: { item: NavItem; trigger: 'click' | 'hover'; onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const location = useLocation();
  const set = (value: boolean) => {
    setOpen(value);
    onOpenChange(value);
  };
  useEffect(() => set(false), [location.pathname]); // a followed link closes the menu
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) set(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const hover = trigger === 'hover' ? { onMouseEnter: () => set(true), onMouseLeave: () => set(false) } : {};
  return (
    <li ref={ref} className={`nav-item has-dropdown${open ? ' open' : ''}`} {...hover}>
      <button type="button" className="nav-trigger" aria-expanded={open} onClick={() => set(!open)}>
        {item.label}
        <span aria-hidden="true" className="caret">▾</span>
      </button>
      <ul className="dropdown" hidden={!open}>
        {item.href && (
          <li>
            <SiteLink href={item.href}>All {item.label}</SiteLink>
          </li>
        )}
        {item.children!.map((link) => (
          <li key={link.href + link.label}>
            <SiteLink href={link.href} external={link.external}>
              {link.logo && <img src={link.logo} alt="" className="tile-logo" width={28} height={28} />}
              {link.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Header() {
  const site = useSite();
  const [dropdownOpen, setDropdownOpen] = useState(0);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const trigger = site.navigation.dropdownTrigger ?? 'click';
  return (
    // The header gets a class while a dropdown is open (seed 001 §2).
    <header className={`site-header header-${site.theme.headerStyle ?? 'brand'}${dropdownOpen > 0 ? ' dropdown-open' : ''}`}>
      <div className="container header-inner">
        <Link to="/" className="logo" aria-label={`${site.name} home`}>
          <img src={site.theme.logo.url} alt={site.theme.logo.alt ?? site.name} height={site.theme.logo.height ?? 44} />
        </Link>
        <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="site-menu" onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
        <nav id="site-menu" aria-label="Main" className={menuOpen ? 'open' : ''}>
          <ul className="nav-list">
            {site.navigation.header.map((item) =>
              item.children?.length ? (
                <Dropdown key={item.label} item={item} trigger={trigger} onOpenChange={(open) => setDropdownOpen((n) => Math.max(0, n + (open ? 1 : -1)))} />
              ) : (
                <li key={item.label} className="nav-item">
                  {item.href?.startsWith('/') ? <NavLink to={item.href} end={item.href === '/'}>{item.label}</NavLink> : <SiteLink href={item.href ?? '/'}>{item.label}</SiteLink>}
                </li>
              ),
            )}
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
