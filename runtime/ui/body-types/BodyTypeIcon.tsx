// Drawn body type icons (docs/requirements/dealer-services.md#constants: a fixed list of about 20 body types). Simple side views on a 64x32 grid, stroked
// in the current text colour so they follow the theme; decorative (the body's name is always written next to them).
import type { ReactNode } from 'react';
import { bodyTypeOf, type BodyTypeSlug } from '../../domain/models';

const wheels = (a: number, b: number, r = 4.5) => (
  <>
    <circle cx={a} cy={25} r={r} />
    <circle cx={b} cy={25} r={r} />
  </>
);

const DRAWINGS: Record<BodyTypeSlug, ReactNode> = {
  sedan: (
    <>
      <path d="M4 25h6m9 0h26m9 0h6v-6l-6-2-10-7H24l-9 7-9 1-2 3z" />
      {wheels(14.5, 49.5)}
    </>
  ),
  hatch: (
    <>
      <path d="M6 25h4m9 0h24m9 0h6v-7l-4-3-10-6H22l-8 7-7 1-1 4z" />
      {wheels(14.5, 47.5)}
    </>
  ),
  suv: (
    <>
      <path d="M4 25h6m9 0h26m9 0h6v-8l-4-2-8-8H18l-6 8-7 1-1 5z" />
      {wheels(14.5, 49.5, 5)}
    </>
  ),
  wagon: (
    <>
      <path d="M4 25h6m9 0h26m9 0h6v-7l-2-2-4-7H22l-8 7-8 1-2 4z" />
      {wheels(14.5, 49.5)}
    </>
  ),
  ute: (
    <>
      <path d="M4 25h6m9 0h26m9 0h6v-9H36V8H22l-7 8-9 1-2 4z" />
      {wheels(14.5, 49.5)}
    </>
  ),
  'cab-chassis': (
    <>
      <path d="M4 25h6m9 0h26m9 0h6v-3H30V8H20l-6 8-8 1-2 4z" />
      <path d="M32 15h28v7H32z" />
      {wheels(14.5, 49.5)}
    </>
  ),
  coupe: (
    <>
      <path d="M4 25h6m9 0h26m9 0h6v-5l-8-3-12-6H26l-10 6-10 2-2 4z" />
      {wheels(14.5, 49.5)}
    </>
  ),
  convertible: (
    <>
      <path d="M4 25h6m9 0h26m9 0h6v-6l-8-2H22l-6 0-10 2-2 4z" />
      <path d="M24 17l4-6" />
      {wheels(14.5, 49.5)}
    </>
  ),
  van: (
    <>
      <path d="M4 25h6m9 0h26m9 0h6V7H18l-8 8-6 2z" />
      <path d="M20 9v8M40 9v8" />
      {wheels(14.5, 49.5)}
    </>
  ),
  'people-mover': (
    <>
      <path d="M4 25h6m9 0h26m9 0h6V9l-4-2H20l-9 8-6 2-1 4z" />
      {wheels(14.5, 49.5)}
    </>
  ),
  bus: (
    <>
      <path d="M3 25h5m9 0h30m9 0h5V5H3z" />
      <path d="M3 13h58M12 5v8M22 5v8M32 5v8M42 5v8M52 5v8" />
      {wheels(12.5, 51.5)}
    </>
  ),
  'light-truck': (
    <>
      <path d="M4 25h6m9 0h26m9 0h6V7H26v18M26 11H16l-6 7H4v7" />
      {wheels(14.5, 49.5)}
    </>
  ),
  truck: (
    <>
      <path d="M2 25h6m9 0h10m9 0h14m9 0h3V5H24v20M24 9H14l-8 8H2v8" />
      {wheels(12.5, 31.5)}
      <circle cx={54.5} cy={25} r={4.5} />
    </>
  ),
  motorcycle: (
    <>
      <circle cx={14} cy={23} r={7} />
      <circle cx={50} cy={23} r={7} />
      <path d="M14 23l10-10h14l6 4 6 6M24 13l-4-5h-6M38 13l4-5h6M30 13l-4 10h12" />
    </>
  ),
  scooter: (
    <>
      <circle cx={14} cy={25} r={5} />
      <circle cx={50} cy={25} r={5} />
      <path d="M14 25h8l6-8h14l8 8M44 17l2-11h6M28 17v-4h10" />
    </>
  ),
  atv: (
    <>
      <circle cx={14} cy={23} r={7} />
      <circle cx={50} cy={23} r={7} />
      <path d="M6 16h18l4-6h10l4 6h16M26 10v-3M44 10l4-3" />
    </>
  ),
  caravan: (
    <>
      <path d="M4 22h40V8l-4-3H10L4 9zM44 19h14" />
      <path d="M10 11h10v7H10zM26 11h10v11" />
      <circle cx={28} cy={25} r={4} />
    </>
  ),
  'camper-trailer': (
    <>
      <path d="M6 22h32v-8H6zM38 19h16M10 14l6-8h16l6 8" />
      <circle cx={22} cy={25} r={4} />
    </>
  ),
  motorhome: (
    <>
      <path d="M4 25h6m9 0h26m9 0h6V5H14v4H4v16" />
      <path d="M14 9h50M20 12h10v6H20zM36 12h10v6H36z" />
      {wheels(14.5, 49.5)}
    </>
  ),
  trailer: (
    <>
      <path d="M4 21h40v-9H4zM44 18h14" />
      <circle cx={24} cy={25} r={4} />
    </>
  ),
};

/** The icon of a body type (slug or name), or null when the fixed list has no drawing for it. */
export function BodyTypeIcon({ body, size = 40, className }: { body: string; size?: number; className?: string }) {
  const type = bodyTypeOf(body);
  if (!type) return null;
  return (
    <svg
      className={className ?? 'body-type-icon'}
      data-body-type={type}
      viewBox="0 0 64 32"
      width={size}
      height={size / 2}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {DRAWINGS[type]}
    </svg>
  );
}
