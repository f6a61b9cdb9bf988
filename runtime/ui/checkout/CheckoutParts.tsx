// Pieces both checkout blocks show: the deposit box and the 'not available' notice.
import { CHECKOUT_MESSAGES } from '../../domain/checkout';
import type { CheckoutPageData } from '../../page-data/types';
import { SiteLink } from '../../renderer/SiteLink';

export function DepositSummary({ data }: { data: Pick<CheckoutPageData, 'deposit' | 'holdHours'> }) {
  return (
    <div className="checkout-deposit">
      <p>Reserve this car for</p>
      <p className="checkout-deposit-amount">{data.deposit}</p>
      <ul className="checkout-promises">
        <li>held {data.holdHours} hours</li>
        <li>{CHECKOUT_MESSAGES.refundable}</li>
      </ul>
    </div>
  );
}

export function Unavailable({ data }: { data: CheckoutPageData }) {
  return (
    <div className="checkout-unavailable checkout-error" role="status">
      <p>{data.unavailable?.message}</p>
      <SiteLink className="button button-primary" href={data.similarHref}>
        {CHECKOUT_MESSAGES.findSimilar}
      </SiteLink>
    </div>
  );
}
