// docs/requirements/dealer-services.md#screens: payment logos Mastercard, Visa, Maestro, Google Pay, Apple Pay.
const PAYMENT_LOGOS = ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay'] as const;

export function PaymentLogos() {
  return (
    <ul className="payment-logos" aria-label="We accept">
      {PAYMENT_LOGOS.map((name) => (
        <li key={name} className={`payment-logo payment-logo-${name.toLowerCase().replace(/\s+/g, '-')}`} title={name}>
          {name}
        </li>
      ))}
    </ul>
  );
}
