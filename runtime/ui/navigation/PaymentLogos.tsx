// The footer's payment logos (docs/requirements/dealer-services.md#screens: Mastercard, Visa, Maestro, Google Pay, Apple Pay), drawn here as small
// plain marks (coloured discs and word marks in a system font), so no brand artwork is shipped. Each has a name for
// screen readers.
import type { ReactNode } from 'react';

type PaymentLogoName = 'mastercard' | 'visa' | 'maestro' | 'google-pay' | 'apple-pay';

const PAYMENT_LOGO_LABELS: Readonly<Record<PaymentLogoName, string>> = {
  mastercard: 'Mastercard',
  visa: 'Visa',
  maestro: 'Maestro',
  'google-pay': 'Google Pay',
  'apple-pay': 'Apple Pay',
};

/** docs/requirements/dealer-services.md#screens order. */
const PAYMENT_LOGO_ORDER: readonly PaymentLogoName[] = ['mastercard', 'visa', 'maestro', 'google-pay', 'apple-pay'];

const FONT = 'Helvetica, Arial, sans-serif';

function Discs({ left, right, overlap }: { left: string; right: string; overlap: string }) {
  return (
    <>
      <circle cx="22" cy="16" r="10" fill={left} />
      <circle cx="34" cy="16" r="10" fill={right} />
      <path d="M28 8.2a10 10 0 0 1 0 15.6a10 10 0 0 1 0-15.6z" fill={overlap} />
    </>
  );
}

function WordMark({ text, fill, weight = 700, italic = false, size = 13 }: { text: string; fill: string; weight?: number; italic?: boolean; size?: number }) {
  return (
    <text x="28" y="20.5" textAnchor="middle" fontFamily={FONT} fontWeight={weight} fontStyle={italic ? 'italic' : 'normal'} fontSize={size} fill={fill}>
      {text}
    </text>
  );
}

const MARKS: Record<PaymentLogoName, { background: string; border?: string; mark: ReactNode }> = {
  mastercard: { background: '#fff', border: '#d6d9de', mark: <Discs left="#eb001b" right="#f79e1b" overlap="#ff5f00" /> },
  visa: { background: '#fff', border: '#d6d9de', mark: <WordMark text="VISA" fill="#1a1f71" weight={800} italic size={15} /> },
  maestro: { background: '#fff', border: '#d6d9de', mark: <Discs left="#0099df" right="#eb001b" overlap="#6c6bbd" /> },
  'google-pay': { background: '#fff', border: '#d6d9de', mark: <WordMark text="G Pay" fill="#3c4043" weight={600} /> },
  'apple-pay': { background: '#000', mark: <WordMark text="Apple Pay" fill="#fff" weight={600} size={10.5} /> },
};

function PaymentLogo({ name }: { name: PaymentLogoName }) {
  const { background, border, mark } = MARKS[name];
  const label = PAYMENT_LOGO_LABELS[name];
  return (
    <svg
      className="payment-logo"
      data-payment={name}
      role="img"
      aria-label={label}
      width="56"
      height="32"
      viewBox="0 0 56 32"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title>{label}</title>
      <rect x="0.5" y="0.5" width="55" height="31" rx="5" fill={background} stroke={border ?? background} />
      {mark}
    </svg>
  );
}

/** The logos the site enables, in the seed's order; nothing when none. */
export function PaymentLogos({ enabled }: { enabled: readonly string[] | undefined }) {
  const names = PAYMENT_LOGO_ORDER.filter((name) => enabled?.includes(name));
  if (!names.length) return null;
  return (
    <ul className="payment-logos" aria-label="Payment methods we accept">
      {names.map((name) => (
        <li key={name}>
          <PaymentLogo name={name} />
        </li>
      ))}
    </ul>
  );
}
