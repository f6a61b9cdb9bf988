// What a shopper's view of a vehicle page does in the browser, once per page view: the car is recorded in this site's
// viewed cars and the view is counted with GET /api/cars/{slug}/view.json, whose answer's views may be shown
// (docs/requirements/vehicle-browsing.md#calls). Not again when the page re-renders or a block remounts, again after a
// navigation to another page (react-router gives every navigation its own location key). Never from crawlers (by user
// agent) or the editor's preview, which is not a shopper's view.
//
// The page does it as it hydrates (PageView.tsx: every vehicle page, whatever blocks it has), so the sidebar can wait
// for a touch and cost no script at load. While the sidebar is still the server's HTML, its views line is written here, as the sidebar renders
// it; a sidebar that hydrates afterwards starts from that count, so its first render matches what is on screen. Once
// the sidebar has started to render, the line is React's alone.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { isBotUserAgent, viewJsonPath, viewsText } from '../../domain/vehicle/views';
import { recordViewedCar } from '../site-storage';

type ViewedCar = Parameters<typeof recordViewedCar>[2] & { photos_count?: number | null; images?: unknown[] | null; updated_at?: string | null };

/** The attribute that ties the sidebar's views line to its car. */
export const VIEWS_FOR_ATTRIBUTE = 'data-views-for';

/** Page views (location key and car) counted, with their answer. */
const counted = new Map<string, Promise<number | null>>();
/** Page views whose count was written into the server's views line, with that count. */
const written = new Map<string, number>();
/** Page views whose views line a sidebar renders: from then on only React writes it. */
const rendered = new Set<string>();

const pageViewId = (key: string, slug: string) => `${key}|${slug}`;

function isShopperView(): boolean {
  const inEditorPreview = window.location.pathname.startsWith('/editor') || document.getElementById('preview-root') !== null;
  return !inEditorPreview && !isBotUserAgent(navigator.userAgent);
}

function writeServerLines(slug: string, views: number): boolean {
  let any = false;
  for (const line of document.querySelectorAll<HTMLElement>(`[${VIEWS_FOR_ATTRIBUTE}]`)) {
    if (line.getAttribute(VIEWS_FOR_ATTRIBUTE) !== slug) continue;
    // What the sidebar renders for a known count (index.tsx): the text, visible to assistive technology.
    line.textContent = viewsText(views);
    line.removeAttribute('aria-hidden');
    line.setAttribute('data-testid', 'vehicle-views');
    any = true;
  }
  return any;
}

/** Records and counts this page view of the car, once whoever asks; resolves to its views, or null. */
function recordPageView(car: ViewedCar, site: string, key: string): Promise<number | null> {
  const id = pageViewId(key, car.slug);
  const known = counted.get(id);
  if (known) return known;
  recordViewedCar(window.localStorage, site, car);
  const request = fetch(viewJsonPath(car, site), { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    .then(async (r) => (r.ok ? (((await r.json()) as { views?: unknown }).views as number) : null))
    .then((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null))
    .catch((e) => {
      console.warn('view.json failed', e); // docs/requirements/vehicle-browsing.md#errors: such failures are console only
      return null;
    })
    .then((v) => {
      if (v !== null && !rendered.has(id) && writeServerLines(car.slug, v)) written.set(id, v);
      return v;
    });
  counted.set(id, request);
  return request;
}

/** Records and counts this page view of the car (once per page view, whoever asks first): a shopper's view only. */
export function recordVehiclePageView(car: ViewedCar, site: string, key: string): void {
  if (isShopperView()) void recordPageView(car, site, key);
}

/** Records and counts this page view of the car (once) and answers its views, or null until known / when not counted. */
export function useVehicleViews(car: ViewedCar | undefined, site: string): number | null {
  const key = useLocation().key;
  const id = car ? pageViewId(key, car.slug) : null;
  const [views, setViews] = useState<number | null>(() => {
    if (!id || typeof window === 'undefined') return null;
    // Claimed as this render starts, so a count arriving mid-hydration is not written under React.
    rendered.add(id);
    return written.get(id) ?? null;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page view of a car (navigation key and slug), not again for a rebuilt car object of the same car
  useEffect(() => {
    if (!car || !id || !isShopperView()) return;
    rendered.add(id);
    let live = true;
    void recordPageView(car, site, key).then((v) => live && setViews(v));
    return () => {
      live = false;
      rendered.delete(id);
    };
  }, [key, car?.slug, site]);
  return views;
}
