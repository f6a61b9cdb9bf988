// The search result card (seed 000 §2): image with tag banner, title, chips, price, 'per week' repayment, finance
// disclaimer link and the site's buttons. Shared by the search page and (later) other car lists.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Car } from '../../../schemas/generated/car';
import type { CardButton } from '../../domain/search/result-card-buttons';
import { LeadDialogButton } from '../dialogs/LeadDialogButton';
import type { LeadDialogKind } from '../dialogs/lead-dialogs';
import { leadFormCar } from '../forms/lead-car';
import { carCardModel, type CardCarData, type CardSettings } from './card-model';

const CARD_DIALOGS: Record<NonNullable<CardButton['dialog']>, LeadDialogKind> = { enquiry: 'enquire', 'test-drive': 'test-drive' };
import './styles.css';

export interface CarCardProps {
  car: CardCarData;
  settings: CardSettings;
  /** The clock the card decides with (the server's on the first render, so hydration matches). */
  nowMs: number;
  /** Site slug: favourites and compare lists are stored per site. */
  site: string;
  /** Loads the image eagerly (the first cards of a page). */
  priority?: boolean;
}

/** A per-site list of car ids in localStorage (favourites, compare), read after mount only. */
function useStoredIdList(key: string, id: number) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    try {
      setOn((JSON.parse(localStorage.getItem(key) ?? '[]') as number[]).includes(id));
    } catch {
      setOn(false);
    }
  }, [key, id]);
  const toggle = () => {
    let ids: number[] = [];
    try {
      ids = JSON.parse(localStorage.getItem(key) ?? '[]') as number[];
    } catch {
      ids = [];
    }
    const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
    localStorage.setItem(key, JSON.stringify(next));
    setOn(next.includes(id));
  };
  return [on, toggle] as const;
}

export function CarCard({ car, settings, nowMs, site, priority = false }: CarCardProps) {
  const model = carCardModel(car, settings, new Date(nowMs));
  const [favourite, toggleFavourite] = useStoredIdList(`favourites:${site}`, car.id);
  const [compared, toggleCompare] = useStoredIdList(`compare:${site}`, car.id);
  const { price } = model;
  return (
    <article className={`car-card${model.available ? '' : ' car-card-unavailable'}`} data-car-id={car.id} data-status={car.status}>
      <Link to={model.href} className="car-card-media" tabIndex={-1} aria-hidden="true">
        {model.image.src ? (
          <img src={model.image.src} alt="" loading={priority ? 'eager' : 'lazy'} width={640} height={427} />
        ) : (
          <span className="car-card-noimage">Photos coming soon</span>
        )}
        {model.banner.kind !== 'none' && (
          <span className={`car-card-tag tag-${model.banner.kind} tone-${model.banner.tone}`}>
            {model.banner.image ? <img src={model.banner.image} alt="Certified" height={24} /> : model.banner.text}
          </span>
        )}
      </Link>
      {(model.favourite || model.compare) && (
        <div className="car-card-actions">
          {model.favourite && (
            <button type="button" className="car-card-icon" aria-pressed={favourite} aria-label={`Favourite ${model.title}`} onClick={toggleFavourite}>
              {favourite ? '♥' : '♡'}
            </button>
          )}
          {model.compare && (
            <button type="button" className="car-card-icon" aria-pressed={compared} aria-label={`Compare ${model.title}`} onClick={toggleCompare}>
              ⇄
            </button>
          )}
        </div>
      )}
      <div className="car-card-body">
        <h3 className="car-card-title">
          <Link to={model.href}>{model.title}</Link>
        </h3>
        <ul className="car-card-chips" aria-label="Key details">
          {model.chips.map((chip) => (
            <li key={chip}>{chip}</li>
          ))}
        </ul>
        <div className="car-card-price">
          {price.price.kind === 'price' && price.price.was && <s className="car-card-was">{price.price.was.text}</s>}
          <span className={`car-card-amount price-${price.price.kind}`}>{price.price.text}</span>
          {price.price.kind === 'subscription' && <span className="car-card-price-type">/ week</span>}
          {price.priceTypeLabel && <span className="car-card-price-type">{price.priceTypeLabel}</span>}
        </div>
        {model.showWeekly && price.weekly && (
          <p className="car-card-weekly">
            <strong>{price.weekly.text}</strong> {price.weekly.suffix}
            <a href={model.disclaimerHref} className="car-card-disclaimer" aria-label="Finance disclaimer">
              *
            </a>
          </p>
        )}
        <div className="car-card-buttons">
          {model.buttons.map((b, i) => {
            const className = `button car-card-button button-${b.kind}${i === 0 ? ' button-primary' : ''}`;
            // seed 000 §2: Enquire and the test drive open their dialogs here, on the results page
            if (b.dialog) {
              return (
                <LeadDialogButton key={b.kind} dialog={CARD_DIALOGS[b.dialog]} car={leadFormCar(car as Car)} className={className}>
                  {b.label}
                </LeadDialogButton>
              );
            }
            return (
              <Link key={b.kind} to={b.href ?? model.href} className={className}>
                {b.label}
              </Link>
            );
          })}
        </div>
      </div>
    </article>
  );
}

/** Placeholder with the card's shape while results load. */
export function CarCardSkeleton() {
  return (
    <div className="car-card car-card-skeleton" aria-hidden="true">
      <div className="car-card-media skeleton-block" />
      <div className="car-card-body">
        <div className="skeleton-line wide" />
        <div className="skeleton-line" />
        <div className="skeleton-line short" />
      </div>
    </div>
  );
}
