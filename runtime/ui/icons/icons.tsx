// Small marks drawn inline (currentColor, 1em square) instead of symbol characters such as ★ ▾ ✓ ⟲: a character the
// site's font lacks sends the browser looking through the system's fonts for one that has it, in the page's first
// layout (docs/performance.md#the-type-scale), and each system draws it differently.
import type { ReactNode } from 'react';

function Icon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg className={`icon ${className}`} viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** A shape filled, or drawn as its outline. */
function FillableIcon({ name, d, filled }: { name: string; d: string; filled: boolean }) {
  return (
    <Icon className={filled ? `icon-${name}` : `icon-${name} icon-${name}-outline`}>
      <path d={d} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={filled ? 0 : 1.8} strokeLinejoin="round" />
    </Icon>
  );
}

/** A five-pointed star, filled or outlined. */
export function StarIcon({ filled = true }: { filled?: boolean }) {
  return <FillableIcon name="star" d={STAR} filled={filled} />;
}

/** A small downward triangle: a menu or panel opens below. */
export function CaretIcon() {
  return (
    <Icon className="icon-caret">
      <path d="M5 8h14l-7 9z" fill="currentColor" />
    </Icon>
  );
}

/** A tick. */
export function CheckIcon() {
  return (
    <Icon className="icon-check">
      <path d="M4 12.5l5 5L20 6.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </Icon>
  );
}

/** An arrow turning round anticlockwise: swipe to spin. */
export function SpinIcon() {
  return (
    <Icon className="icon-spin">
      <path d="M19 12a7 7 0 1 1-2.05-4.95" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M18.5 2.5v5.5H13z" fill="currentColor" />
    </Icon>
  );
}

const HEART = 'M12 20.5s-7.5-4.6-9-9.2C1.9 7.8 4 4.5 7.4 4.5c2 0 3.6 1.1 4.6 2.7 1-1.6 2.6-2.7 4.6-2.7 3.4 0 5.5 3.3 4.4 6.8-1.5 4.6-9 9.2-9 9.2z';

/** A heart, filled or outlined: a favourite. */
export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return <FillableIcon name="heart" d={HEART} filled={filled} />;
}

/** Two arrows passing each other: compare, or swipe sideways. */
export function SwapIcon() {
  return (
    <Icon className="icon-swap">
      <path
        d="M4 8.5h14M14.5 5l3.5 3.5-3.5 3.5M20 15.5H6M9.5 12 6 15.5 9.5 19"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Icon>
  );
}
