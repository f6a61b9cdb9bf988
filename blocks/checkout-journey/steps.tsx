// The journey's steps, one component each: they show the answer held in the form and report each change.
import type { JourneyState } from '../../runtime/domain/checkout';
import { formatMoney } from '../../runtime/domain/format';
import { limitPostcodeInput } from '../../runtime/domain/vehicle/postcode';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { DeliveryAnswer, TradeInAnswer } from './journey-form';

type Errors = Record<string, string>;

export function TradeInStep({
  id,
  answer,
  errors,
  tradeInHref,
  onChange,
}: {
  id: string;
  answer: TradeInAnswer;
  errors: Errors;
  tradeInHref?: string | null;
  onChange: (answer: Partial<TradeInAnswer>) => void;
}) {
  return (
    <fieldset className="checkout-choice">
      <legend>Do you have a car to trade in?</legend>
      <label className="form-check-row">
        <input type="radio" name="tradeIn" checked={answer.hasTradeIn === true} onChange={() => onChange({ hasTradeIn: true })} /> Yes, I have a trade-in
      </label>
      <label className="form-check-row">
        <input type="radio" name="tradeIn" checked={answer.hasTradeIn === false} onChange={() => onChange({ hasTradeIn: false })} /> No trade-in
      </label>
      {answer.hasTradeIn && (
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-trade`}>
            Your car (year, make, model, km)
          </label>
          <input
            id={`${id}-trade`}
            className="form-input"
            maxLength={300}
            value={answer.description}
            onChange={(e) => onChange({ description: e.target.value })}
          />
          {tradeInHref && (
            <p className="form-hint">
              Want a valuation first? <SiteLink href={tradeInHref}>Value my car</SiteLink>
            </p>
          )}
        </div>
      )}
      {errors.hasTradeIn && <p className="form-error">{errors.hasTradeIn}</p>}
    </fieldset>
  );
}

export function FinanceStep({
  choice,
  errors,
  preApprovalHref,
  onChange,
}: {
  choice: string;
  errors: Errors;
  preApprovalHref?: string | null;
  onChange: (choice: string) => void;
}) {
  return (
    <fieldset className="checkout-choice">
      <legend>How would you like to pay?</legend>
      {preApprovalHref && (
        <label className="form-check-row">
          <input type="radio" name="finance" checked={choice === 'pre-approval'} onChange={() => onChange('pre-approval')} /> Finance: I would like to get
          pre-approved
        </label>
      )}
      <label className="form-check-row">
        <input type="radio" name="finance" checked={choice === 'pay-in-full'} onChange={() => onChange('pay-in-full')} /> Pay in full
      </label>
      {choice === 'pre-approval' && preApprovalHref && (
        <p className="form-hint">
          <SiteLink href={preApprovalHref}>Get Pre-Approved</SiteLink> (opens our finance page; your progress here is saved).
        </p>
      )}
      {errors.choice && <p className="form-error">{errors.choice}</p>}
    </fieldset>
  );
}

export function DeliveryStep({
  id,
  answer,
  errors,
  pickUpAt,
  onChange,
}: {
  id: string;
  answer: DeliveryAnswer;
  errors: Errors;
  pickUpAt: string;
  onChange: (answer: Partial<DeliveryAnswer>) => void;
}) {
  return (
    <fieldset className="checkout-choice">
      <legend>Delivery or pick-up</legend>
      <label className="form-check-row">
        <input type="radio" name="delivery" checked={answer.method === 'pick-up'} onChange={() => onChange({ method: 'pick-up' })} /> Pick up from {pickUpAt}
      </label>
      <label className="form-check-row">
        <input type="radio" name="delivery" checked={answer.method === 'delivery'} onChange={() => onChange({ method: 'delivery' })} /> Deliver to my postcode
      </label>
      {answer.method === 'delivery' && (
        <div className={`form-field${errors.postcode ? ' has-error' : ''}`}>
          <label className="form-label" htmlFor={`${id}-postcode`}>
            Delivery postcode
          </label>
          <input
            id={`${id}-postcode`}
            className="form-input form-postcode"
            inputMode="numeric"
            maxLength={4}
            value={answer.postcode}
            onChange={(e) => onChange({ postcode: limitPostcodeInput(e.target.value) })}
          />
          {errors.postcode && <p className="form-error">{errors.postcode}</p>}
        </div>
      )}
      {errors.method && <p className="form-error">{errors.method}</p>}
    </fieldset>
  );
}

export function ReviewStep({ state, pickUpAt, deposit, holdHours }: { state: JourneyState; pickUpAt: string; deposit: string; holdHours: number }) {
  return (
    <dl className="checkout-review">
      <dt>Your details</dt>
      <dd>{state.details ? `${state.details.name}, ${state.details.email}, ${state.details.phone}, ${state.details.postcode}` : ''}</dd>
      <dt>Trade-in</dt>
      <dd>{state.tradeIn?.hasTradeIn ? state.tradeIn.description || 'Yes' : 'No trade-in'}</dd>
      <dt>Finance</dt>
      <dd>{state.finance?.choice === 'pre-approval' ? 'Finance pre-approval' : 'Pay in full'}</dd>
      <dt>Delivery</dt>
      <dd>
        {state.delivery?.method === 'delivery'
          ? `Delivery to ${state.delivery.postcode} (${state.delivery.region}): estimate ${formatMoney(state.delivery.price)}`
          : `Pick up from ${pickUpAt}`}
      </dd>
      <dt>Deposit</dt>
      <dd>
        {deposit}, held {holdHours} hours, 100% refundable
      </dd>
    </dl>
  );
}
