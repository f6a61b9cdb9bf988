// The favourites storage flag: favourites and the compare list live in local storage (kept between visits) unless the
// site turns keepBetweenVisits off, then in session storage (gone when the tab closes).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allSettingsWithDefaults } from '../../test-support/settings-defaults';
import { savedCarsStorage } from './favourites';
import { favouriteRecord, favourites, toggleFavourite } from './site-storage';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

const site = (keepBetweenVisits?: boolean) =>
  ({
    settings: allSettingsWithDefaults(keepBetweenVisits === undefined ? {} : { vehicle: { favourites: { keepBetweenVisits } } }),
  }) as unknown as Parameters<typeof savedCarsStorage>[0];

afterEach(() => vi.unstubAllGlobals());

describe('savedCarsStorage', () => {
  it('is local storage by default and session storage where the site keeps favourites for the visit only', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
    expect(savedCarsStorage(site())).toBe(local);
    expect(savedCarsStorage(site(false))).toBe(session);

    const car = { id: 5, slug: 'a-car-5', make: 'Mazda', model: 'CX-5' };
    toggleFavourite(savedCarsStorage(site(false)), 'harbourside-mazda', favouriteRecord(car, '2022 Mazda CX-5'));
    expect(favourites(session, 'harbourside-mazda').map((f) => f.id)).toEqual([5]);
    expect(favourites(local, 'harbourside-mazda')).toEqual([]);
  });

  it('is nothing on the server', () => {
    expect(savedCarsStorage(site())).toBeUndefined();
  });
});
