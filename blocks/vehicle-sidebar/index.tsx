import { modelSearchPath } from '../../runtime/domain/make-names';
import { Fragment, type ReactNode } from 'react';
import type { Car } from '../../schemas/generated/car';
import type { ResolvedVehicleSidebarProps as VehicleSidebarProps } from '../../schemas/generated/block-props';
import type { ResolvedVehicleSettings } from '../../schemas/generated/settings';
import { feeList, financeLink } from '../../runtime/domain/finance';
import { phoneClickLabel } from '../../runtime/domain/analytics/events';
import { useTrackAction } from '../../runtime/ui/tracking';
import { formatMoney } from '../../runtime/domain/format';
import {
  carPhone,
  financeButtonTexts,
  marketPriceBadge,
  sidebarActions,
  vehicleKicker,
  vehicleTitle,
  type SidebarButtonId,
} from '../../runtime/domain/vehicle';
import type { VehiclePageData } from '../../runtime/page-data/types';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { usePageRoute, useSite } from '../../runtime/renderer/site-context';
import { hasBlockType, type BlockNode } from '../../runtime/document/blocks';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useVehicle } from '../../runtime/ui/vehicle/client';
import { CarIcon } from '../../runtime/ui/vehicle/CarIcon';
import { VehiclePrice } from '../../runtime/ui/vehicle/VehiclePrice';
import { useVehicleViews, VIEWS_FOR_ATTRIBUTE } from '../../runtime/ui/vehicle/use-vehicle-views';
import { dealerSearchPath, SEE_MORE_FROM_DEALER, sidebarIconFacts, viewsText } from '../../runtime/domain/vehicle';
import { pageExists } from '../../runtime/renderer/page-exists';
import { WatchlistButton } from '../../runtime/ui/accounts/WatchlistButton';
import type { FinanceFigureData } from './loader';
import { useFinanceFigure } from './use-finance-figure';
import { tradeInPath } from '../../runtime/domain/trade-in/links';
import './styles.css';
import { resolvedSettings } from '../../runtime/domain/settings';

const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

/** 'Find Me Something Similar' goes to the same make and model in search (docs/requirements/vehicle-browsing.md#screens). */
export const similarSearchPath = (car: Pick<Car, 'make' | 'model'>) => modelSearchPath(car.make, car.model);

type ButtonLook = 'primary' | 'secondary' | 'text';
const LOOK_CLASS: Record<ButtonLook, string> = {
  primary: 'button button-primary sidebar-button',
  secondary: 'button button-outline sidebar-button',
  text: 'sidebar-link',
};

function ButtonLink({
  href,
  children,
  look = 'secondary',
  external,
  onClick,
}: {
  href: string;
  children: ReactNode;
  look?: ButtonLook;
  external?: boolean;
  onClick?: () => void;
}) {
  const className = LOOK_CLASS[look];
  if (href.startsWith('tel:') || href.startsWith('#') || onClick) {
    const away = external && !href.startsWith('tel:') && !href.startsWith('#');
    return (
      <a className={className} href={href} onClick={onClick} {...(away ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    );
  }
  return (
    <SiteLink className={className} href={href} external={external}>
      {children}
    </SiteLink>
  );
}

type TrackAction = ReturnType<typeof useTrackAction>;

function sidebarButton(
  id: SidebarButtonId,
  v: VehiclePageData,
  props: VehicleSidebarProps,
  financeHref: string,
  pages: Record<string, unknown>,
  trackAction: TrackAction,
  look?: ButtonLook,
  vehicleSettings?: ResolvedVehicleSettings,
): ReactNode {
  const { car, location } = v;
  const phone = carPhone(v, vehicleSettings?.phones);
  switch (id) {
    case 'call':
      // docs/requirements/vehicle-browsing.md#calls: phone click 25 from the sidebar's Call Dealer too, labelled New Car or Used Car from the path
      return phone ? (
        <ButtonLink
          look={look}
          href={telHref(phone)}
          onClick={() => trackAction('phoneClick', { label: phoneClickLabel(window.location.pathname), car_id: car.id })}
        >
          Call Dealer
        </ButtonLink>
      ) : null;
    case 'finance':
      return (
        <ButtonLink look={look} href={financeHref}>
          {financeButtonTexts(vehicleSettings).finance}
        </ButtonLink>
      );
    case 'enquire':
      return (
        <ButtonLink look={look} href={props.enquirePath ? `${props.enquirePath}?car_id=${car.id}` : '#enquire'}>
          Enquire Now
        </ButtonLink>
      );
    case 'test-drive':
      return (
        <ButtonLink look={look} href={props.testDrivePath ? `${props.testDrivePath}?car_id=${car.id}` : '#test-drive'}>
          Book a Test Drive
        </ButtonLink>
      );
    case 'trade-in': {
      // Only to a trade-in page this site has (docs/requirements/vehicle-browsing.md#validation: and only for available cars, see sidebarActions).
      const href = tradeInPath(pages, car.id);
      return href ? (
        <ButtonLink look={look} href={href}>
          Value My Trade-In
        </ButtonLink>
      ) : null;
    }
    case 'whatsapp': {
      const number = (props.whatsappNumber || phone).replace(/\D/g, '').replace(/^0/, '61');
      if (!number) return null;
      const text = encodeURIComponent(`Hi, I'm interested in the ${vehicleTitle(car)} (stock ${car.stocknum ?? car.id})`);
      return (
        <ButtonLink look={look} href={`https://wa.me/${number}?text=${text}`} external>
          WhatsApp Us
        </ButtonLink>
      );
    }
    case 'chat':
      return props.chatUrl ? (
        <ButtonLink look={look} href={props.chatUrl}>
          Chat With Us
        </ButtonLink>
      ) : null;
    case 'history-report':
      return car.file ? (
        <ButtonLink look={look} href={car.file} external>
          Car History Report
        </ButtonLink>
      ) : null;
    case 'location':
      return (
        <ButtonLink
          look={look}
          href={location?.address.place_url || '#vehicle-map'}
          external={Boolean(location?.address.place_url)}
          onClick={() => trackAction('getDirections', { car_id: car.id })}
        >
          Get Directions
        </ButtonLink>
      );
    case 'custom':
      return props.customButton?.label && props.customButton.href ? (
        <ButtonLink look={look} href={props.customButton.href}>
          {props.customButton.label}
        </ButtonLink>
      ) : null;
    default:
      return null;
  }
}

/** docs/requirements/vehicle-browsing.md#screens: the sidebar's car icons, one per spec the site chose (settings.vehicle.sidebarIcons). */
function KeyFacts({ car }: { car: Car }) {
  const site = useSite();
  const facts = sidebarIconFacts(car, resolvedSettings(site.settings).vehicle.sidebarIcons);
  if (!facts.length) return null;
  return (
    <ul className="key-facts" aria-label="Key facts">
      {facts.map((f) => (
        <li key={f.id} data-icon={f.id}>
          <CarIcon id={f.id} />
          <span className="visually-hidden">{f.label}: </span>
          {f.value}
        </li>
      ))}
    </ul>
  );
}

export default function VehicleSidebar({ props, data }: BlockComponentProps<VehicleSidebarProps, FinanceFigureData | undefined>) {
  const site = useSite();
  const route = usePageRoute();
  const vehicle = useVehicle();
  const figure = useFinanceFigure(vehicle?.car, resolvedSettings(site.settings).finance, data?.figure);
  const trackAction = useTrackAction();
  const similarOnPage = hasBlockType((site.pages[route]?.blocks ?? []) as unknown as BlockNode[], 'similar-cars');
  // The page view is recorded and counted once, by whichever vehicle block hydrates first (the gallery, at load).
  const views = useVehicleViews(vehicle?.car, site.slug);
  const watchlist = Boolean(site.pages['/watchlist']) && site.settings.accounts?.watchlist !== false;
  if (!vehicle) return <div className="vehicle-sidebar card">The buying panel of a vehicle page shows here.</div>;
  const { car } = vehicle;
  const actions = sidebarActions(car, resolvedSettings(site.settings).vehicle);
  const financeHref = financeLink(car, resolvedSettings(site.settings).finance);
  const button = (id: SidebarButtonId, look?: ButtonLook) =>
    sidebarButton(id, vehicle, props, financeHref, site.pages, trackAction, look, resolvedSettings(site.settings).vehicle);
  const purchaseClass = (id: 'reserve' | 'buy-online') => `button ${actions.primary === id ? 'button-primary' : 'button-outline'}`;
  const purchase = [
    actions.reserve && (
      <span key="reserve" className="reserve-track" onClickCapture={() => trackAction('reserve', { car_id: car.id })}>
        <SiteLink className={`${purchaseClass('reserve')} reserve-button`} href={actions.reserve.href}>
          {actions.reserve.text}
        </SiteLink>
      </span>
    ),
    actions.buyOnline && (
      <SiteLink key="buy-online" className={purchaseClass('buy-online')} href={actions.buyOnline.href}>
        {actions.buyOnline.text}
      </SiteLink>
    ),
  ];
  // The primary action leads (reserve and online purchase are primary only without Enquire Now); they stay full width,
  // their texts being long.
  const leading = [actions.primary === 'enquire' && <div key="enquire">{button('enquire', 'primary')}</div>, ...purchase].filter(Boolean);
  const links = actions.links.map((id) => [id, button(id, 'text')] as const).filter(([, link]) => link);
  const badge = marketPriceBadge(car, site.settings.vehicle?.priceComparison);
  // docs/requirements/vehicle-browsing.md#screens route /search/{dealership_slug}: only where this site has that search page.
  const dealerSearch = site.settings.vehicle?.seeMoreFromDealer !== false ? dealerSearchPath(car) : null;
  const seeMore = dealerSearch && pageExists(site.pages, dealerSearch) ? dealerSearch : null;
  // docs/requirements/dealer-services.md#constants: the brand's fee list, where the site's setting puts it
  const cardFees = feeList(resolvedSettings(site.settings).finance, 'finance-card');

  return (
    <section className="vehicle-sidebar card" aria-labelledby="vehicle-title">
      <p className="sidebar-kicker">{vehicleKicker(car)}</p>
      <h1 id="vehicle-title" className="sidebar-title">
        {vehicleTitle(car)}
      </h1>
      {/* The count arrives after the page: its line is kept from the start, so nothing under it moves. Until this
          block hydrates, the line is filled in by the view's count (use-vehicle-views.ts), as this renders it. */}
      {site.settings.vehicle?.showViews &&
        (views !== null ? (
          <p className="vehicle-views" data-testid="vehicle-views" {...{ [VIEWS_FOR_ATTRIBUTE]: car.slug }}>
            {viewsText(views)}
          </p>
        ) : (
          <p className="vehicle-views" aria-hidden="true" {...{ [VIEWS_FOR_ATTRIBUTE]: car.slug }} />
        ))}
      <KeyFacts car={car} />
      <VehiclePrice car={car} className="sidebar-price" withWas />
      {badge && (
        <p className="market-badge">
          <strong>Below market price</strong> {formatMoney(badge.saving)} under the {badge.basis === 'state' ? 'state' : 'national'} average of{' '}
          {formatMoney(badge.averagePrice)}
        </p>
      )}

      {actions.soldNotice ? (
        <div className="sold-notice" role="status">
          <p className="sold-text">{actions.soldNotice.text}</p>
          <p>This vehicle is no longer available.</p>
          {/* The page's similar cars carousel when it has one, else a search for the same make and model. */}
          {similarOnPage ? (
            <a className="button button-primary" href="#similar-cars">
              {actions.soldNotice.action}
            </a>
          ) : (
            <SiteLink className="button button-primary" href={similarSearchPath(car)}>
              {actions.soldNotice.action}
            </SiteLink>
          )}
        </div>
      ) : (
        figure && (
          <div className="finance-card">
            <a className="finance-figure" href="#finance-calculator">
              {figure.text}
            </a>
            <p className="finance-note">
              Estimated repayment. <a href="#financeDisclaimer">See disclaimer</a>
            </p>
            {/* docs/requirements/dealer-services.md#constants: offer end date shown on Angle finance */}
            {figure.offerEndText && <p className="finance-offer-end">{figure.offerEndText}</p>}
            {cardFees.length > 0 && (
              <dl className="finance-fees" aria-label="Fees">
                {cardFees.map((fee) => (
                  <div key={fee.label}>
                    <dt>{fee.label}</dt>
                    <dd>{fee.text}</dd>
                  </div>
                ))}
              </dl>
            )}
            <SiteLink className="button button-light-outline" href={financeHref}>
              {financeButtonTexts(resolvedSettings(site.settings).vehicle).financeCard}
            </SiteLink>
          </div>
        )
      )}

      {leading.length > 0 && <div className="sidebar-primary-actions">{leading}</div>}

      {actions.buttons.length > 0 && (
        <div className="sidebar-buttons">
          {actions.buttons.map((id) => {
            const secondary = button(id);
            return secondary ? <div key={id}>{secondary}</div> : null;
          })}
        </div>
      )}

      {(watchlist || links.length > 0) && (
        <div className="sidebar-links">
          {watchlist && <WatchlistButton car={car} title={vehicleTitle(car)} variant="full" />}
          {links.map(([id, link]) => (
            <Fragment key={id}>{link}</Fragment>
          ))}
        </div>
      )}

      {seeMore && (
        <SiteLink className="see-more-dealer" href={seeMore}>
          {SEE_MORE_FROM_DEALER}
        </SiteLink>
      )}

      {props.showValueAdds && props.valueAdds.length > 0 && (
        <div className="value-adds">
          <h2>Why Buy From Us?</h2>
          <ul>
            {props.valueAdds!.map((v) => (
              <li key={v}>{v}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
