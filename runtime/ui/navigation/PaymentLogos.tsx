// The footer's payment logos (docs/requirements/dealer-services.md#screens: Mastercard, Visa, Maestro, Google Pay, Apple Pay), drawn here as small
// plain marks (coloured discs and word marks in the site's own font, bold, at sizes of the type scale: a page's first
// layout looks up no other font), so no brand artwork is shipped. Each has a name for screen readers.
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

/** Sizes of the type scale (site.css) in px: the logos are drawn at 1:1. */
const TEXT_SM = 14;
const TEXT_XS = 12.8;

function Discs({ left, right, overlap }: { left: string; right: string; overlap: string }) {
  return (
    <>
      <circle cx="22" cy="16" r="10" fill={left} />
      <circle cx="34" cy="16" r="10" fill={right} />
      <path d="M28 8.2a10 10 0 0 1 0 15.6a10 10 0 0 1 0-15.6z" fill={overlap} />
    </>
  );
}

/** A word mark, bold; `slanted` leans it like italic type without asking for an italic face; `width` fits it. */
function WordMark({ text, fill, slanted = false, size = TEXT_SM, width }: { text: string; fill: string; slanted?: boolean; size?: number; width?: number }) {
  return (
    <text
      x="28"
      y="20.5"
      textAnchor="middle"
      fontWeight={700}
      fontSize={size}
      fill={fill}
      {...(slanted ? { transform: 'translate(3.5 0) skewX(-12)' } : {})}
      {...(width ? { textLength: width, lengthAdjust: 'spacingAndGlyphs' } : {})}
    >
      {text}
    </text>
  );
}

const MARKS: Record<PaymentLogoName, { background: string; border?: string; mark: ReactNode }> = {
  mastercard: { background: '#fff', border: '#d6d9de', mark: <Discs left="#eb001b" right="#f79e1b" overlap="#ff5f00" /> },
  visa: { background: '#fff', border: '#d6d9de', mark: <WordMark text="VISA" fill="#1a1f71" slanted width={40} /> },
  maestro: { background: '#fff', border: '#d6d9de', mark: <Discs left="#0099df" right="#eb001b" overlap="#6c6bbd" /> },
  'google-pay': { background: '#fff', border: '#d6d9de', mark: <WordMark text="G Pay" fill="#3c4043" width={40} /> },
  'apple-pay': { background: '#000', mark: <WordMark text="Apple Pay" fill="#fff" size={TEXT_XS} width={46} /> },
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
