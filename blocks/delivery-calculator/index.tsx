import { useId, useState, type FormEvent } from 'react';
import type { ResolvedDeliveryCalculatorProps as DeliveryCalculatorProps } from '../../schemas/generated/block-props';
import { formatMoney } from '../../runtime/domain/format';
import { DELIVERY_UNAVAILABLE, deliveryPostcodeError, deliveryResult, limitPostcodeInput, type DeliveryResult } from '../../runtime/domain/vehicle';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { LoadingText } from '../../runtime/ui/LoadingText';
import { useVehicle } from '../../runtime/ui/vehicle/client';
import '../fuel-calculator/styles.css';
import './styles.css';

export const DELIVERY_ESTIMATE_URL = '/api/delivery-estimate';

// docs/requirements/vehicle-browsing.md#states: idle, loading, then result or error
type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string } | DeliveryResult;

export default function DeliveryCalculator({ props }: BlockComponentProps<DeliveryCalculatorProps>) {
  const vehicle = useVehicle();
  const [postcode, setPostcode] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const error = deliveryPostcodeError(postcode);
    if (error) return setState({ kind: 'error', message: error });
    setState({ kind: 'loading' });
    try {
      const query = new URLSearchParams({ postcode: postcode.trim(), ...(vehicle ? { car_id: String(vehicle.car.id) } : {}) });
      const response = await fetch(`${DELIVERY_ESTIMATE_URL}?${query}`, { headers: { accept: 'application/json' } });
      const body = await response.json().catch(() => null);
      if (response.status === 400) return setState({ kind: 'error', message: body?.message ?? 'Please enter a postcode.' });
      setState(deliveryResult(response.ok ? body : null));
    } catch {
      setState({ kind: 'unavailable', message: DELIVERY_UNAVAILABLE });
    }
  };

  return (
    <section className="delivery-calculator card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{props.heading}</h2>
      {props.intro && <p>{props.intro}</p>}
      <form className="delivery-form" onSubmit={submit} noValidate>
        <label htmlFor={id}>Postcode</label>
        <div className="delivery-row">
          <input
            id={id}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            value={postcode}
            placeholder="e.g. 4000"
            aria-invalid={state.kind === 'error'}
            aria-describedby={`${id}-status`}
            onChange={(e) => setPostcode(limitPostcodeInput(e.target.value))}
          />
          <button type="submit" className="button button-primary" disabled={state.kind === 'loading'}>
            {state.kind === 'loading' ? 'Calculating…' : 'Calculate'}
          </button>
        </div>
      </form>
      <div id={`${id}-status`} className="delivery-status" aria-live="polite">
        {state.kind === 'loading' && <LoadingText className="delivery-loading" />}
        {state.kind === 'error' && <p className="delivery-error">{state.message}</p>}
        {state.kind === 'unavailable' && <p className="delivery-unavailable">{state.message}</p>}
        {state.kind === 'estimate' && (
          <p className="delivery-result">
            <span className="delivery-region">{state.region}</span>
            <strong className="delivery-price">{formatMoney(state.price)}</strong>
          </p>
        )}
      </div>
    </section>
  );
}
