// The wizard's two end panels: no match for the rego (docs/requirements/dealer-services.md#screens, #errors), and the
// offer outcome (docs/requirements/dealer-services.md#constants).
import { formatDate, formatMoney } from '../../runtime/domain/format';
import {
  BUYING_TEAM_CONTACT,
  BUYING_TEAM_HOURS,
  INSTANT_VALUE_MAX_AGE_YEARS,
  OFFER_VALID_DAYS,
  TEAM_WILL_CONTACT,
  TRADE_IN_MESSAGES as M,
} from '../../runtime/domain/trade-in';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { OfferResult } from './DetailsStep';

const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

export function NoMatchPanel({ phone, contactHref, onBack }: { phone: string | null; contactHref: string | null; onBack: () => void }) {
  return (
    <div className="trade-in-panel trade-in-no-match" role="status">
      <h3 data-step-heading tabIndex={-1}>
        No match found
      </h3>
      <p>{M.noMatch}</p>
      <p>{M.noMatchAdvice}</p>
      <div className="form-actions">
        {phone && (
          <a className="button button-primary" href={telHref(phone)}>
            Call {phone}
          </a>
        )}
        {contactHref && (
          <SiteLink className="button button-outline" href={contactHref}>
            Contact Us
          </SiteLink>
        )}
        <button type="button" className="button button-back" onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}

export function OfferOutcomeView({ offer, phone }: { offer: OfferResult; phone: string | null }) {
  const hasOffer = offer.price !== null && offer.validUntil !== null;
  return (
    <div className="trade-in-panel trade-in-outcome" role="status" data-outcome={hasOffer ? 'offer' : 'contact'}>
      {hasOffer ? (
        <>
          <h3 data-step-heading tabIndex={-1}>
            Your instant offer
          </h3>
          <p className="trade-in-offer-price" data-testid="offer-price">
            {formatMoney(offer.price!)}
          </p>
          <p>
            This estimate is valid {OFFER_VALID_DAYS} days (until {formatDate(`${offer.validUntil}T12:00:00+10:00`)}), subject to an inspection of your car.
          </p>
        </>
      ) : (
        <>
          <h3 data-step-heading tabIndex={-1}>
            Thank you, we have your details
          </h3>
          <p>{TEAM_WILL_CONTACT}</p>
          {offer.outsideRule && (
            <p>
              We can't give an instant value for vehicles over {INSTANT_VALUE_MAX_AGE_YEARS} years old or over 100,000 km, so our team will value your car
              personally.
            </p>
          )}
        </>
      )}
      <p>{BUYING_TEAM_CONTACT}</p>
      <p>
        Buying team hours: {BUYING_TEAM_HOURS}.
        {phone && (
          <>
            {' '}
            Call us on <a href={telHref(phone)}>{phone}</a>.
          </>
        )}
      </p>
    </div>
  );
}
