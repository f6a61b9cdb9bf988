import { useState } from 'react';
import type { ResolvedReserveCheckoutProps as ReserveCheckoutProps } from '../../schemas/generated/block-props';
import { validateJourneyDetails, type JourneyDetails } from '../../runtime/domain/checkout';
import type { CheckoutPageData } from '../../runtime/page-data/types';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { usePageData } from '../../runtime/renderer/site-context';
import { CheckoutCar } from '../../runtime/ui/checkout/CheckoutCar';
import { DepositPayment } from '../../runtime/ui/checkout/DepositPayment';
import { DetailsFields } from '../../runtime/ui/checkout/DetailsFields';
import { PaymentLogos } from '../../runtime/ui/checkout/PaymentLogos';
import { DepositSummary, Unavailable } from '../../runtime/ui/checkout/CheckoutParts';
import { usePrefillDetails, useSignedInShopperDetails } from '../../runtime/ui/checkout/shopper-prefill';
import '../../runtime/ui/forms/forms.css';
import '../../runtime/ui/checkout/checkout.css';

export default function ReserveCheckout({ props }: BlockComponentProps<ReserveCheckoutProps>) {
  const data = usePageData<CheckoutPageData>();
  const prefill = useSignedInShopperDetails();
  const [details, setDetails] = useState<Partial<JourneyDetails>>(prefill ?? {});
  usePrefillDetails(prefill, setDetails);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!data?.car) return <section className="card">The reserve checkout of a car shows here.</section>;
  const used = data.car.car_type === 'used';

  const collect = () => {
    const problems = validateJourneyDetails(details);
    setErrors(problems ?? {});
    if (problems) {
      document.querySelector<HTMLInputElement>('.checkout-details [aria-invalid="true"]')?.focus();
      return null;
    }
    return details as Record<string, string>;
  };

  return (
    <section className="reserve-checkout container" aria-labelledby="checkout-heading">
      <h1 id="checkout-heading">{props.heading}</h1>
      {props.intro && <p>{props.intro}</p>}
      <div className="checkout">
        <div className="checkout-panel card">
          <CheckoutCar car={data.car} />
          <DepositSummary data={data} />
          {used && props.showGuarantee !== false && (
            <div className="checkout-guarantee">
              <h3>{props.guaranteeTitle}</h3>
              <p>{props.guaranteeText}</p>
            </div>
          )}
        </div>
        <div className="checkout-panel card">
          {data.unavailable ? (
            <Unavailable data={data} />
          ) : (
            <>
              <h2>Your details</h2>
              <DetailsFields values={details} errors={errors} onChange={setDetails} />
              <DepositPayment
                carSlug={data.car.slug}
                kind="reserve"
                deposit={data.deposit}
                payment={data.payment}
                similarHref={data.similarHref}
                collectDetails={collect}
                onFieldErrors={setErrors}
              />
            </>
          )}
          {props.showPaymentLogos !== false && <PaymentLogos />}
        </div>
      </div>
    </section>
  );
}
