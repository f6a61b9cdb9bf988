// The server's Link renders exactly what react-router's Link renders (the browser hydrates react-router's over it).
import { renderToString } from 'react-dom/server';
import { NavLink as RouterNavLink, Link as RouterLink, StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, type LinkProps, NavLink, type NavLinkProps, sitePathHref } from './Link';

const inRouter = (link: React.ReactNode, location = '/search/new-used-and-demo-cars/toyota') =>
  renderToString(<StaticRouter location={location}>{link}</StaticRouter>);

const cases: LinkProps[] = [
  { to: '/' },
  { to: '/cars/2023-mazda-3-g25-astina-20101708', className: 'car-card-media', tabIndex: -1, 'aria-hidden': true },
  { to: '/search/new-used-and-demo-cars?sort=price_asc&page=2#results', className: 'button' },
  { to: '/finance?price=25000&amp=1', 'aria-label': 'Finance <this> "car"' },
  { to: '/about//team/./people/../staff/' },
  { to: '/search?' },
  { to: '/search?#' },
  { to: '/search#' },
  { to: '/a b/ü?q=ä b' },
  { to: '/service', target: '_blank', rel: 'noopener' },
  { to: '/x', replace: true, state: { from: 'here' }, preventScrollReset: true, onClick: () => undefined },
  // Not site paths: react-router's Link renders them.
  { to: 'relative/path' },
  { to: '../up' },
  { to: '//other.example/x' },
  { to: 'https://other.example/x' },
  { to: { pathname: '/object', search: '?q=1' } },
  { to: '/intent', prefetch: 'intent' },
  { to: '/reload', reloadDocument: true },
];

describe('Link on the server', () => {
  for (const props of cases) {
    it(`renders react-router's markup for ${JSON.stringify(props.to)}`, () => {
      const ours = inRouter(
        <Link {...props}>
          Go <b>there</b>
        </Link>,
      );
      const theirs = inRouter(
        <RouterLink {...props}>
          Go <b>there</b>
        </RouterLink>,
      );
      expect(ours).toBe(theirs);
      expect(ours).toContain('<a ');
    });
  }

  const navCases: [NavLinkProps, string][] = [
    [{ to: '/search' }, '/search/new-used-and-demo-cars/toyota'],
    [{ to: '/search', end: true }, '/search/new-used-and-demo-cars/toyota'],
    [{ to: '/', end: true }, '/'],
    [{ to: '/', end: true }, '/finance'],
    [{ to: '/Finance' }, '/finance/apply'],
    [{ to: '/Finance', caseSensitive: true }, '/finance/apply'],
    [{ to: '/finance/', className: 'menu-link' }, '/finance/apply'],
    [{ to: '/finance?from=menu#top', className: 'menu-link', 'aria-current': 'location' }, '/finance'],
    [{ to: '/fin' }, '/finance'],
    [{ to: '/service', style: { color: 'red' } }, '/about'],
    [{ to: '/a b' }, '/a%20b'],
    [{ to: '/search', className: ({ isActive }) => (isActive ? 'on' : 'off') }, '/search'],
  ];
  for (const [props, location] of navCases) {
    it(`renders react-router's NavLink markup for ${JSON.stringify(props.to)} at ${location}`, () => {
      const ours = inRouter(<NavLink {...props}>Menu item</NavLink>, location);
      const theirs = inRouter(<RouterNavLink {...props}>Menu item</RouterNavLink>, location);
      expect(ours).toBe(theirs);
    });
  }

  it('marks the active menu item', () => {
    expect(inRouter(<NavLink to="/search">Search</NavLink>, '/search/toyota')).toBe(
      '<a aria-current="page" class="active" href="/search" data-discover="true">Search</a>',
    );
  });

  it('resolves site paths as react-router does', () => {
    expect(sitePathHref('/about//team/./people/../staff/')).toBe('/about/team/staff/');
    expect(sitePathHref('/search?')).toBe('/search');
    expect(sitePathHref('/search?q=1#top')).toBe('/search?q=1#top');
  });
});
