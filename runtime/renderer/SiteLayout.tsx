import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { isPromoWindowOpen } from '../domain/promotions/promo-window';
import { siteTimeZone } from '../domain/time/site-time-zone';
import { AnalyticsHost } from '../ui/analytics/AnalyticsHost';
import { useLivePromotions } from '../ui/promotions/use-live-promotions';
import { ToastHost } from '../ui/toast/ToastHost';
import { Header } from './Header';
import { whenFullyHydrated } from './lazy-hydration';
import { SiteFooter } from './SiteFooter';
import { SiteLink } from './SiteLink';
import { useNavigationState } from './page-state';
import { useSite } from './site-context';

function AnnouncementBanner() {
  const site = useSite();
  const [dismissed, setDismissed] = useState(false);
  // Shown between its start and expiry: the server decides by its clock; the browser starts from what the server
  // rendered (so hydration matches), then checks its own clock and again as the start or expiry passes.
  const announcement = site.announcement ?? {};
  const [rendered] = useState(() =>
    typeof document === 'undefined' ? isPromoWindowOpen(announcement, Date.now(), siteTimeZone(site)) : document.querySelector('.announcement') !== null,
  );
  const [live] = useLivePromotions([announcement], [rendered]);
  if (!site.announcement || dismissed || !live) return null;
  return (
    <div className="announcement" role="region" aria-label="Announcement">
      <div className="container">
        {site.announcement.href ? <SiteLink href={site.announcement.href}>{site.announcement.text}</SiteLink> : site.announcement.text}
        <button type="button" className="dismiss" aria-label="Dismiss announcement" onClick={() => setDismissed(true)}>
          ×
        </button>
      </div>
    </div>
  );
}

export function SiteLayout() {
  const navigation = useNavigationState();
  // Marks the document once React has hydrated what it hydrates at load: the chrome, the blocks on screen and those
  // acting on the whole page (lazy-hydration.ts; the others hydrate when seen or touched, and their elements get
  // data-hydrated then). End-to-end tests wait for this; it costs nothing otherwise.
  useEffect(() => {
    void whenFullyHydrated().then(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* the site's tag manager and, where required, its consent banner (early in the tab order, drawn at the bottom) */}
      <AnalyticsHost />
      <AnnouncementBanner />
      <Header />
      <div className={`route-progress${navigation === 'loading' ? ' active' : ''}`} aria-hidden="true" />
      <Outlet />
      <SiteFooter />
      <ToastHost />
      {/* Scroll (a new page at the top, Back where the shopper was) is the browser router's (browser-router.tsx). */}
    </>
  );
}

export function RouteErrorView() {
  return (
    <main id="main" className="page container">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Please try again in a moment, or call us.</p>
    </main>
  );
}
