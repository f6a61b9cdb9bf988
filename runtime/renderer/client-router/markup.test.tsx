// The browser build's router renders what react-router renders (hydration of the server's markup must match): the same
// elements and attributes for links, active NavLinks, params, search params and useId under nested routes.
import { type ReactNode, useId } from 'react';
import { renderToString } from 'react-dom/server';
import * as reactRouter from 'react-router';
import { describe, expect, it } from 'vitest';
import * as clientRouter from './index';

type RouterApi = typeof clientRouter;

function app(api: RouterApi, location: string): ReactNode {
  const { Link, NavLink, Outlet, useLocation, useParams, useSearchParams } = api;
  // biome-ignore lint/correctness/noComponentHookFactories: the same components built over each router's API, rendered once
  function Layout() {
    const id = useId();
    return (
      <div id={id}>
        <nav>
          <NavLink to="/cars">Cars</NavLink>
          <NavLink to="/cars" end className="menu">
            Cars only
          </NavLink>
          <NavLink to="/search/">Search</NavLink>
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/CARS/x" aria-current="location" className={({ isActive }) => (isActive ? 'on' : 'off')}>
            {({ isActive }) => (isActive ? 'here' : 'there')}
          </NavLink>
        </nav>
        <Outlet />
      </div>
    );
  }
  // biome-ignore lint/correctness/noComponentHookFactories: the same components built over each router's API, rendered once
  function Page() {
    const params = useParams();
    const [search] = useSearchParams({ sort: 'price' });
    const where = useLocation();
    return (
      <main id={useId()}>
        <p>{JSON.stringify(params)}</p>
        <p>{search.toString()}</p>
        <p>{where.pathname + where.search + where.hash}</p>
        <Link to="/cars/a?b=1#c" className="card" tabIndex={-1}>
          plain
        </Link>
        <Link to="compare">relative</Link>
        <Link to="../up/">up</Link>
        <Link to="?page=2">query</Link>
        <Link to="https://example.com/x" target="_blank" rel="noopener">
          external
        </Link>
        <Link to="/x" reloadDocument discover="none" state={{ a: 1 }} replace preventScrollReset>
          reload
        </Link>
        <Link to={{ pathname: '/p', search: 'q=1' }}>object</Link>
      </main>
    );
  }
  const routes = [
    {
      id: 'root',
      path: '/',
      element: <Layout />,
      children: [
        { id: 'home', index: true, element: <Page /> },
        { id: 'car', path: '/cars/:slug', element: <Page /> },
        { id: 'search', path: '/search/:make?/:model?', element: <Page /> },
        { id: '*', path: '*', element: <Page /> },
      ],
    },
  ];
  // biome-ignore lint/correctness/noComponentHookFactories: the same components built over each router's API, rendered once
  function Pages() {
    return api.useRoutes(routes as never);
  }
  const navigator = { createHref: (to: never) => (typeof to === 'string' ? to : reactRouter.createPath(to)), push() {}, replace() {}, go() {} };
  return (
    <api.Router location={location} navigator={navigator as never}>
      <Pages />
    </api.Router>
  );
}

describe('client router markup', () => {
  for (const location of ['/', '/cars/x-2023?sort=km#photos', '/cars/', '/search/mazda', '/search/mazda/cx-5/?page=2', '/nowhere/at/all'])
    it(`renders as react-router renders at ${location}`, () => {
      const ours = renderToString(app(clientRouter, location));
      expect(ours).toContain('data-discover="true"');
      expect(ours).toBe(renderToString(app(reactRouter as unknown as RouterApi, location)));
    });
});
