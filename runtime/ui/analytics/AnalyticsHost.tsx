// The site's tag-manager hook and consent banner, mounted once in the site layout (settings.analytics; docs/requirements/vehicle-browsing.md#calls,
// docs/requirements/dealer-services.md#calls). Every tracked event ('dealer:track') becomes a dataLayer push and the tag script (GTM or gtag.js)
// loads, but only when the site has a tag manager and, where it requires consent, after the shopper accepts. The
// choice is kept per site (dealer:{slug}:analytics-consent); after Reject nothing is pushed and no script loads.
import { useEffect, useRef, useState } from 'react';
import { analyticsAllowed, consentPending, dataLayerEntry, parseConsent, tagScriptUrl, type ConsentChoice } from '../../domain/analytics/tag-manager';
import type { TrackedAction } from '../../domain/analytics/events';
import { sitePageExists } from '../../renderer/page-exists';
import { SiteLink } from '../../renderer/SiteLink';
import { useSite } from '../../renderer/site-context';
import { siteStorageKey } from '../site-storage';
import { TRACK_EVENT, type TrackDetail } from '../tracking';
import './analytics.css';

type DataLayerWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

function readChoice(slug: string): ConsentChoice | null {
  try {
    return parseConsent(window.localStorage.getItem(siteStorageKey(slug, 'analytics-consent')));
  } catch {
    return null; // storage blocked: ask again
  }
}

function saveChoice(slug: string, choice: ConsentChoice) {
  try {
    window.localStorage.setItem(siteStorageKey(slug, 'analytics-consent'), choice);
  } catch {
    // storage blocked: the choice holds for this page only
  }
}

/** Loads the tag script once; the page's CSP nonce goes on it too (its origin is in the site's script-src). */
function loadTagScript(src: string, ga4Id: string | undefined, gtmId: string | undefined) {
  if (document.querySelector(`script[data-tag-manager]`)) return;
  const w = window as DataLayerWindow;
  w.dataLayer = w.dataLayer ?? [];
  if (gtmId) {
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  } else if (ga4Id) {
    w.gtag = function gtag() {
      // gtag.js reads the arguments object itself, as its snippet does
      w.dataLayer!.push(arguments);
    };
    w.gtag('js', new Date());
    w.gtag('config', ga4Id);
  }
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.tagManager = 'true';
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
}

export function AnalyticsHost() {
  const site = useSite();
  const analytics = site.settings.analytics;
  const scriptUrl = tagScriptUrl(analytics);
  // null until read after hydration: the server cannot know the shopper's choice
  const [choice, setChoice] = useState<ConsentChoice | null>(null);
  const [ready, setReady] = useState(false);
  const allowed = ready && analyticsAllowed(analytics, choice);
  const allowedRef = useRef(allowed);
  allowedRef.current = allowed;

  useEffect(() => {
    setChoice(readChoice(site.slug));
    setReady(true);
  }, [site.slug]);

  // the tag script, only once events may go out
  useEffect(() => {
    if (allowed && scriptUrl) loadTagScript(scriptUrl, analytics?.tagManager?.ga4MeasurementId, analytics?.tagManager?.gtmContainerId);
  }, [allowed, scriptUrl, analytics]);

  // every tracked event, as a dataLayer push
  useEffect(() => {
    if (!scriptUrl) return;
    const onTrack = (e: Event) => {
      if (!allowedRef.current) return;
      const { id, action, label, ...extra } = (e as CustomEvent<TrackDetail>).detail ?? ({} as TrackDetail);
      if (typeof id !== 'number') return;
      const w = window as DataLayerWindow;
      w.dataLayer = w.dataLayer ?? [];
      w.dataLayer.push(dataLayerEntry({ id, action: (action ?? 'leadDefault') as TrackedAction, label }, extra));
    };
    window.addEventListener(TRACK_EVENT, onTrack);
    return () => window.removeEventListener(TRACK_EVENT, onTrack);
  }, [scriptUrl]);

  if (!ready || !consentPending(analytics, choice)) return null;
  const consent = analytics?.consent ?? {};
  const privacyPath = consent.privacyPath ?? '/privacy-policy';
  const choose = (value: ConsentChoice) => {
    saveChoice(site.slug, value);
    setChoice(value);
  };
  return (
    <section className="consent-banner" role="region" aria-label="Cookie consent" data-testid="consent-banner">
      <div className="container consent-inner">
        <p id="consent-text">
          {consent.text ?? 'We use cookies and analytics to understand how our website is used and to improve it. Do you accept analytics cookies?'}
          {sitePageExists(site, privacyPath) && (
            <>
              {' '}
              <SiteLink href={privacyPath}>Privacy policy</SiteLink>
            </>
          )}
        </p>
        <div className="consent-actions">
          <button type="button" className="button button-outline" aria-describedby="consent-text" onClick={() => choose('rejected')}>
            {consent.rejectLabel ?? 'Reject'}
          </button>
          <button type="button" className="button button-primary" aria-describedby="consent-text" onClick={() => choose('accepted')}>
            {consent.acceptLabel ?? 'Accept'}
          </button>
        </div>
      </div>
    </section>
  );
}
