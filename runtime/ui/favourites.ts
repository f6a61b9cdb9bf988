// The favourite and compare toggles, wherever a car shows them (result cards, the vehicle page's share row), and the
// browser storage their lists live in: the site's favourites storage flag picks local storage (kept between visits)
// or session storage (forgotten when the tab closes). Read after mount only, so the server's HTML and hydration agree.
import { useContext, useEffect, useState } from 'react';
import type { PublicSite } from '../renderer/site-context';
import { SiteContext } from '../renderer/site-context';
import { resolvedSettings } from '../domain/settings';
import { showToast } from './toast/toast-store';
import { COMPARE_LIMIT, compareIds, favouriteRecord, favourites, toggleCompare, toggleFavourite } from './site-storage';
import type { Car } from '../../schemas/generated/car';

type SavedCar = Pick<Car, 'id' | 'slug' | 'make' | 'model'> & Partial<Car>;

/** The storage of this site's favourites and compare list (undefined on the server, or where the browser blocks it). */
export function savedCarsStorage(site: Pick<PublicSite, 'settings'> | null | undefined): Storage | undefined {
  if (typeof window === 'undefined') return undefined;
  const keep = site ? resolvedSettings(site.settings).vehicle?.favourites?.keepBetweenVisits !== false : true;
  try {
    return keep ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function useStoredToggle(read: () => boolean, toggle: () => boolean | 'full', deps: unknown[], onChange: (on: boolean) => void) {
  const [on, setOn] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller passes the deps of its read function
  useEffect(() => setOn(read()), deps);
  const flip = () => {
    const result = toggle();
    if (result === 'full') return window.alert(`You can compare up to ${COMPARE_LIMIT} cars. Remove one from the compare list first.`);
    setOn(result);
    onChange(result);
  };
  return [on, flip] as const;
}

/** Whether the car is a favourite, and the toggle (with its toast, and View Favourites where the site has the page). */
export function useFavourite(slug: string, car: SavedCar, title: string) {
  const site = useContext(SiteContext);
  return useStoredToggle(
    () => favourites(savedCarsStorage(site), slug).some((f) => f.id === car.id),
    () => toggleFavourite(savedCarsStorage(site), slug, favouriteRecord(car, title)),
    [slug, car.id],
    (on) =>
      showToast(
        on ? 'Added to Favourites' : 'Removed from Favourites',
        site?.pages['/favourites'] ? { label: 'View Favourites', href: '/favourites' } : undefined,
      ),
  );
}

/** Whether the car is on the compare list, and the toggle (refusing a fifth car). */
export function useCompare(slug: string, car: SavedCar) {
  const site = useContext(SiteContext);
  return useStoredToggle(
    () => compareIds(savedCarsStorage(site), slug).includes(car.id),
    () => toggleCompare(savedCarsStorage(site), slug, car.id),
    [slug, car.id],
    (on) => showToast(on ? 'Added to Compare' : 'Removed from Compare', site?.pages['/compare'] ? { label: 'Compare Now', href: '/compare' } : undefined),
  );
}
