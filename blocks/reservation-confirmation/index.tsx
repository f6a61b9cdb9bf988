import { useEffect, useState } from 'react';
import type { ResolvedReservationConfirmationProps as ReservationConfirmationProps } from '../../schemas/generated/block-props';
import { CHECKOUT_MESSAGES, formatHoldExpiry } from '../../runtime/domain/checkout';
import type { ReservationPageData } from '../../runtime/page-data/types';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { usePageData } from '../../runtime/renderer/site-context';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import '../../runtime/ui/checkout/checkout.css';

export default function ReservationConfirmation({ props }: BlockComponentProps<ReservationConfirmationProps>) {
  const initial = usePageData<ReservationPageData>();
  const [data, setData] = useState(initial);
  // A payment the bank has not confirmed yet: ask our server again for a while.
  useEffect(() => {
    if (!initial || initial.status !== 'pending') return;
    let tries = 0;
    const timer = setInterval(async () => {
      tries += 1;
      const response = await fetch(`/api/checkout/reservations/${initial.reservation_id}`).catch(() => null);
      const body = await response?.json().catch(() => null);
      if (body?.status && body.status !== 'pending') {
        setData(body);
        clearInterval(timer);
      }
      if (tries > 20) clearInterval(timer);
    }, 1500);
    return () => clearInterval(timer);
  }, [initial]);
  if (!data) return <section className="card">A reservation's confirmation shows here.</section>;
  const expiry = formatHoldExpiry(data.held_until, data.time_zone);
  return (
    <section className="reservation-confirmation card container" aria-labelledby="reservation-heading">
      {data.status === 'paid' ? (
        <>
          <h1 id="reservation-heading">{props.heading}</h1>
          <p>
            Thank you{data.first_name ? `, ${data.first_name}` : ''}. Your {data.deposit} deposit is received
            {data.car ? ` and the ${data.car.title} is held for you` : ''}.
          </p>
          <p>
            Reservation number: <span className="reservation-number">{data.number}</span>
          </p>
          <p>
            Held until <strong>{expiry}</strong>.
          </p>
          <h2>What happens next</h2>
          <ol>
            {props.nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          {data.location?.phone && (
            <p>
              Questions? Call {data.location.name} on <a href={`tel:${data.location.phone.replace(/\s/g, '')}`}>{data.location.phone}</a>.
            </p>
          )}
        </>
      ) : data.status === 'pending' ? (
        <>
          <h1 id="reservation-heading">Waiting for your bank</h1>
          <p>
            Reservation {data.number}: we are waiting for your bank to confirm the {data.deposit} deposit. This page updates by itself.
          </p>
        </>
      ) : (
        <>
          <h1 id="reservation-heading">Reservation {data.number}</h1>
          <p>
            {data.status === 'declined'
              ? CHECKOUT_MESSAGES.declined
              : data.status === 'expired'
                ? 'This hold has ended.'
                : 'This reservation was cancelled and its deposit refunded.'}
          </p>
        </>
      )}
      {data.car && (
        <SiteLink className="button button-outline" href={`/cars/${data.car.slug}`}>
          Back to the car
        </SiteLink>
      )}
    </section>
  );
}
