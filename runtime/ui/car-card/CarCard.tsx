// The search result card: image with tag banner, title, chips, price, 'per week' repayment, finance disclaimer link,
// the site's buttons (one main action, the rest in a quieter row) and labelled save / compare toggles. Shared by search,
// similar cars, the watchlist, favourites and model pages.
import { useContext } from 'react';
import { Link } from '../../renderer/Link';
import type { Car } from '../../../schemas/generated/car';
import type { CardButton } from '../../domain/search/result-card-buttons';
import { LeadDialogButton } from '../dialogs/LeadDialogButton';
import type { LeadDialogKind } from '../dialogs/lead-dialogs';
import { leadFormCar } from '../forms/lead-car';
import { carCardModel, type CardCarData, type CardSettings } from './card-model';
import { SiteContext } from '../../renderer/site-context';
import { WatchlistButton } from '../accounts/WatchlistButton';
import { useCompare, useFavourite } from '../favourites';

/** A card is a full-width column on phones, half on tablets, a third of the 1200 px container on desktops. */
const CARD_IMAGE_SIZES = '(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 400px';
/** Visible labels and tooltips that tell the two saves apart: the watchlist is the shopper's account, favourites this browser. */
const SAVE_LABELS = {
  favourite: { label: 'Favourite', hint: 'Save to favourites (on this device)' },
  compare: { label: 'Compare', hint: 'Add to the compare list' },
} as const;
const CARD_DIALOGS: Record<NonNullable<CardButton['dialog']>, LeadDialogKind> = { enquiry: 'enquire', 'test-drive': 'test-drive' };
import './styles.css';
import { ResponsiveImage, type ImageLoading } from '../image/ResponsiveImage';
import { HeartIcon, SwapIcon } from '../icons/icons';

export interface CarCardProps {
  car: CardCarData;
  settings: CardSettings;
  /** The clock the card decides with (the server's on the first render, so hydration matches). */
  nowMs: number;
  /** Site slug: favourites and compare lists are stored per site. */
  site: string;
  /** How the photo loads: the first card of a search page is its main image, the rest of the first row come at once. */
  imageLoading?: ImageLoading;
}

export function CarCard({ car, settings, nowMs, site, imageLoading = 'lazy' }: CarCardProps) {
  const model = carCardModel(car, settings, new Date(nowMs));
  const siteDoc = useContext(SiteContext);
  const [favourite, flipFavourite] = useFavourite(site, car, model.title);
  const [compared, flipCompare] = useCompare(site, car);
  // The watchlist only where the site has it and its page (never a link to a missing page).
  const watchlist =
    Boolean(siteDoc?.pages['/watchlist']) && (siteDoc?.settings as { accounts?: { watchlist?: boolean } } | undefined)?.accounts?.watchlist !== false;
  const { price } = model;
  const saves = model.saveButtons.filter((kind) => kind !== 'watchlist' || watchlist);
  const primary = model.buttons[model.primaryIndex];
  const secondary = model.buttons.filter((_, i) => i !== model.primaryIndex);
  const cardButton = (b: CardButton, main: boolean) => {
    // One main action per card; the others are quieter so a phone card reads calmly.
    const className = `button car-card-button button-${b.kind} ${main ? 'button-primary' : 'car-card-secondary'}`;
    // Enquire and the test drive open their dialogs here, on the results page.
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
  };
  return (
    <article className={`car-card${model.available ? '' : ' car-card-unavailable'}`} data-car-id={car.id} data-status={car.status}>
      <Link to={model.href} className="car-card-media" tabIndex={-1} aria-hidden="true">
        {model.image.src ? (
          <ResponsiveImage
            carId={car.id}
            src={model.image.src}
            placeholder={model.image.placeholder}
            alt=""
            loading={imageLoading}
            width={640}
            height={427}
            sizes={CARD_IMAGE_SIZES}
          />
        ) : (
          <span className="car-card-noimage">Photos coming soon</span>
        )}
        {model.banner.kind !== 'none' && (
          <span className={`car-card-tag tag-${model.banner.kind} tone-${model.banner.tone}`}>
            {model.banner.image ? <ResponsiveImage src={model.banner.image} alt="Certified" width={96} height={24} /> : model.banner.text}
          </span>
        )}
      </Link>
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
        {model.weekly && (
          <p className="car-card-weekly">
            <strong>{model.weekly.text}</strong> {model.weekly.suffix}
            <a href={model.disclaimerHref} className="car-card-disclaimer" aria-label="Finance disclaimer">
              *
            </a>
          </p>
        )}
        <div className="car-card-buttons">
          {primary && cardButton(primary, true)}
          {secondary.length > 0 && <div className="car-card-more">{secondary.map((b) => cardButton(b, false))}</div>}
        </div>
        {saves.length > 0 && (
          <div className="car-card-saves" role="group" aria-label="Save or compare">
            {saves.map((kind) => {
              if (kind === 'watchlist') return <WatchlistButton key={kind} car={car} title={model.title} variant="card" />;
              const on = kind === 'favourite' ? favourite : compared;
              const { label, hint } = SAVE_LABELS[kind];
              return (
                <button
                  key={kind}
                  type="button"
                  className={`car-card-save save-${kind}`}
                  aria-pressed={on}
                  aria-label={`${kind === 'favourite' ? 'Save' : 'Compare'} ${model.title}${kind === 'favourite' ? ' to favourites' : ''}`}
                  title={hint}
                  onClick={kind === 'favourite' ? flipFavourite : flipCompare}
                >
                  {kind === 'favourite' ? <HeartIcon filled={on} /> : <SwapIcon />}
                  {label}
                </button>
              );
            })}
          </div>
        )}
      </div>
    </article>
  );
}
