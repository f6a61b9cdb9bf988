// docs/requirements/vehicle-browsing.md#calls: each vehicle page view calls GET /api/cars/{slug}/view.json once (photos_count, updated_at, website_id)
// and the answer's views may be shown. Once per page view: not again when the page re-renders or a block remounts,
// again after a navigation to another page (react-router gives every navigation its own location key). Never from
// crawlers (by user agent) or the editor's preview, which is not a shopper's view.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { isBotUserAgent, viewJsonPath } from '../../domain/vehicle/views';

const counted = new Map<string, Promise<number | null>>();

function inEditorPreview(): boolean {
  return window.location.pathname.startsWith('/editor') || document.getElementById('preview-root') !== null;
}

/** Records this page view of the car (once) and answers its views, or null until known / when not counted. */
export function useVehicleViews(
  car: { slug: string; photos_count?: number | null; images?: unknown[] | null; updated_at?: string | null } | undefined,
  websiteId: string,
): number | null {
  const key = useLocation().key;
  const [views, setViews] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page view of a car (navigation key and slug), not again for a rebuilt car object of the same car
  useEffect(() => {
    if (!car || inEditorPreview() || isBotUserAgent(navigator.userAgent)) return;
    const id = `${key}|${car.slug}`;
    let request = counted.get(id);
    if (!request) {
      request = fetch(viewJsonPath(car, websiteId), { headers: { accept: 'application/json' }, credentials: 'same-origin' })
        .then(async (r) => (r.ok ? (((await r.json()) as { views?: unknown }).views as number) : null))
        .then((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null))
        .catch((e) => {
          console.warn('view.json failed', e); // docs/requirements/vehicle-browsing.md#errors: such failures are console only
          return null;
        });
      counted.set(id, request);
    }
    let live = true;
    void request.then((v) => live && setViews(v));
    return () => {
      live = false;
    };
  }, [key, car?.slug, websiteId]);
  return views;
}
