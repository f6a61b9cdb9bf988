// The watchlist page (docs/requirements/vehicle-browsing.md#states 'View List'): saved cars as result cards; sold ones marked SOLD with 'Find Me
// Something Similar' (the card's own button for unavailable cars); a note when the price dropped since saving.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Car } from '../../schemas/generated/car';
import type { ResolvedWatchlistProps as WatchlistProps } from '../../schemas/generated/block-props';
import { formatMoney } from '../../runtime/domain/format';
import { isAvailable } from '../../runtime/domain/vehicle/availability';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useSite } from '../../runtime/renderer/site-context';
import { useShopper } from '../../runtime/ui/accounts/shopper';
import { useWatchlistIds } from '../../runtime/ui/accounts/watchlist-client';
import { CarCard } from '../../runtime/ui/car-card/CarCard';
import '../../runtime/ui/accounts/accounts.css';
import { LoadingText } from '../../runtime/ui/LoadingText';

interface Entry {
  carId: number;
  savedAt: number;
  priceAtSave: number | null;
  priceDrop: number | null;
  car: Car | null;
}

export default function Watchlist({ props }: BlockComponentProps<WatchlistProps>) {
  const site = useSite();
  const { shopper, status } = useShopper();
  const ids = useWatchlistIds(shopper?.id);
  const navigate = useNavigate();
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now] = useState(() => Date.now());

  useEffect(() => {
    if (status === 'ready' && !shopper) navigate('/sign-in?type=page&redirect=%2Fwatchlist&back=%2F', { replace: true });
    if (!shopper) return;
    fetch('/api/watchlist', { headers: { accept: 'application/json' } })
      .then(async (r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        setEntries(((await r.json()) as { cars: Entry[] }).cars);
      })
      .catch(() => setError('Your watchlist could not be loaded. Please try again.'));
  }, [status, shopper, navigate]);

  const heading = props.heading;
  // A car removed on this page leaves the list at once (the optimistic change).
  const shown = entries?.filter((e) => ids.has(e.carId)) ?? null;
  // biome-ignore lint/suspicious/noExplicitAny: tenant settings read by path; Ajv checked them and the settings schema gives their defaults
  const settings = site.settings as Record<string, any>;
  return (
    <section className="page-section watchlist-page container" aria-labelledby="watchlist-heading" aria-busy={shown === null && !error}>
      <h1 id="watchlist-heading">{heading}</h1>
      {error && <p role="alert">{error}</p>}
      {shown === null && !error && <LoadingText />}
      {shown && shown.length === 0 && (
        <div className="card empty-state">
          <p>{props.emptyText}</p>
          {site.pages['/search/:make?/:model?'] && (
            <Link className="button button-primary" to={props.searchPath}>
              Browse Cars
            </Link>
          )}
        </div>
      )}
      {shown && shown.length > 0 && (
        <div className="saved-cars-grid">
          {shown.map((e) =>
            e.car ? (
              <div key={e.carId} className="saved-car" data-car-id={e.carId}>
                {!isAvailable(e.car) && <p className="sold-mark">SOLD</p>}
                {e.priceDrop && (
                  <p className="price-drop">
                    Price dropped {formatMoney(e.priceDrop)} since you saved it (was {formatMoney(e.priceAtSave ?? 0)})
                  </p>
                )}
                <CarCard
                  car={e.car}
                  settings={{ search: settings.search, vehicle: settings.vehicle, finance: settings.finance }}
                  nowMs={now}
                  site={site.slug}
                />
              </div>
            ) : (
              <div key={e.carId} className="saved-car card">
                <p className="sold-mark">SOLD</p>
                <p>This car is no longer listed.</p>
              </div>
            ),
          )}
        </div>
      )}
    </section>
  );
}
