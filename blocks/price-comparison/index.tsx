import { useEffect, useState } from 'react';
import type { ResolvedPriceComparisonProps as PriceComparisonProps } from '../../schemas/generated/block-props';
import { formatMoney } from '../../runtime/domain/format';
import { priceComparisonCard, type PriceComparisonCard, type PriceComparisonData } from '../../runtime/domain/vehicle';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useVehicle } from '../../runtime/ui/vehicle/client';
import './styles.css';

export const autogaugeUrl = (slug: string) => `/api/cars/${encodeURIComponent(slug)}/autogauge`;

type Shown = Extract<PriceComparisonCard, { visible: true }>;

function Gauge({ card }: { card: Shown }) {
  // Starts empty and fills over the seed's 2.5 s once mounted.
  const [fill, setFill] = useState(0);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setFill(card.gaugeFill));
    return () => cancelAnimationFrame(frame);
  }, [card.gaugeFill]);
  return (
    <div
      className="gauge"
      role="img"
      aria-label={`${card.label}: ${formatMoney(card.listingPrice)} against a market range of ${formatMoney(card.marketRangeMin)} to ${formatMoney(card.marketRangeMax)}`}
    >
      <div
        className={`gauge-bar gauge-${card.barLevel}`}
        // A full-width bar slid in from the left: a transform animates off the main thread (a width did layout per frame).
        style={{ transform: `translateX(${(fill - 1) * 100}%)`, transitionDuration: `${card.animationMs}ms` }}
        data-fill={card.gaugeFill}
      />
    </div>
  );
}

export default function PriceComparison({ props }: BlockComponentProps<PriceComparisonProps>) {
  const site = useSite();
  const vehicle = useVehicle();
  const slug = vehicle?.car.slug;
  const [state, setState] = useState<{ loading: boolean; data: PriceComparisonData | null }>({ loading: true, data: null });
  const settings = site.settings.vehicle?.priceComparison;
  const enabled = settings?.cardEnabled !== false;

  useEffect(() => {
    if (!slug || !enabled) return;
    let live = true;
    fetch(autogaugeUrl(slug), { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (response.status === 204) {
          console.warn('No data returned'); // docs/requirements/vehicle-browsing.md#errors: the card is hidden
          return null;
        }
        if (!response.ok) {
          console.error('Failed to fetch auto gauge data.');
          return null;
        }
        return (await response.json()) as PriceComparisonData;
      })
      .catch((error) => {
        console.error('Failed to fetch auto gauge data.', error);
        return null;
      })
      .then((data) => live && setState({ loading: false, data }));
    return () => {
      live = false;
    };
  }, [slug, enabled]);

  if (!vehicle || !enabled) return null;
  if (state.loading) {
    return (
      <section className="price-comparison card is-loading" aria-busy="true" aria-label="Loading price comparison">
        <span className="skeleton skeleton-title" />
        <span className="skeleton skeleton-bar" />
        <span className="skeleton skeleton-line" />
      </section>
    );
  }
  const card = priceComparisonCard(state.data, settings);
  if (!card.visible) return null;
  return (
    <section className="price-comparison card" aria-labelledby="price-comparison-heading">
      <div className="pc-head">
        <h2 id="price-comparison-heading">{props.heading}</h2>
        <span className={`deal-label deal-${card.barLevel}`}>{card.label}</span>
      </div>
      <Gauge card={card} />
      <dl className="pc-figures">
        <div>
          <dt>This car</dt>
          <dd>{formatMoney(card.listingPrice)}</dd>
        </div>
        <div>
          <dt>Market range</dt>
          <dd>
            {formatMoney(card.marketRangeMin)} – {formatMoney(card.marketRangeMax)}
          </dd>
        </div>
      </dl>
      <p className="pc-note">Based on similar vehicles for sale in the market.</p>
    </section>
  );
}
