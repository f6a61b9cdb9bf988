import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  depositCents,
  formatCents,
  formatHoldExpiry,
  holdIsActive,
  holdTimes,
  paymentUnderWayDueBy,
  reservability,
  reservationNumber,
  reserveOffered,
  testCardOutcome,
  timeZoneOfState,
  luhnValid,
  resumeStep,
  validateJourneyDetails,
} from '.';

const HOUR = 3_600_000;

describe('deposit (docs/requirements/vehicle-browsing.md#constants: default $200)', () => {
  it('is $200 = 20000 cents by default, the site amount otherwise', () => {
    expect(depositCents()).toBe(20_000);
    expect(depositCents({ amount: 500 })).toBe(50_000);
    expect(depositCents({ amount: 99.5 })).toBe(9_950);
    expect(formatCents(20_000)).toBe('$200');
    expect(formatCents(100_000)).toBe('$1,000');
    expect(formatCents(9_950)).toBe('$99.50');
  });
  it('is offered only with reserve on and a chargeable amount', () => {
    expect(reserveOffered({ enabled: true })).toBe(true);
    expect(reserveOffered({})).toBe(false);
    expect(reserveOffered({ enabled: true, amount: 0 })).toBe(false);
    expect(reserveOffered({ enabled: true, amount: 0.49 })).toBe(false);
  });
  it('texts of the seed', () => {
    expect(CHECKOUT_MESSAGES.held).toBe('held 48 hours');
    expect(CHECKOUT_MESSAGES.refundable).toBe('100% refundable');
    expect(CHECKOUT_MESSAGES.findSimilar).toBe('Find Me Something Similar');
  });
});

describe('hold expiry (injected clock)', () => {
  const t0 = Date.UTC(2026, 10, 23, 5, 0, 0);
  it('holds 48 hours by default; an unpaid hold lapses after 5 minutes, or the payment window once its payment is under way', () => {
    const times = holdTimes(t0, {});
    expect(times.heldUntil - t0).toBe(48 * HOUR);
    expect(times.paymentDueBy - t0).toBe(5 * 60_000);
    expect(paymentUnderWayDueBy(t0, {}) - t0).toBe(30 * 60_000);
    expect(holdTimes(t0, { unpaidHoldMinutes: 2 }).paymentDueBy - t0).toBe(2 * 60_000);
    expect(holdTimes(t0, { holdHours: 24 }).heldUntil - t0).toBe(24 * HOUR);
    // the unpaid hold never outlasts the payment window, nor the payment window the hold
    expect(holdTimes(t0, { unpaidHoldMinutes: 20, paymentWindowMinutes: 10 }).paymentDueBy - t0).toBe(10 * 60_000);
    expect(paymentUnderWayDueBy(t0, { holdHours: 0.25, paymentWindowMinutes: 30 }) - t0).toBe(15 * 60_000);
    expect(holdTimes(t0, { holdHours: 0.05, unpaidHoldMinutes: 5 }).paymentDueBy - t0).toBe(3 * 60_000);
  });
  it('a pending hold counts until its payment deadline, a paid one until the end of the 48 hours', () => {
    const times = holdTimes(t0, {});
    expect(holdIsActive({ status: 'pending', ...times }, t0 + 4 * 60_000)).toBe(true);
    expect(holdIsActive({ status: 'pending', ...times }, t0 + 5 * 60_000)).toBe(false);
    expect(holdIsActive({ status: 'paid', ...times }, t0 + 47.9 * HOUR)).toBe(true);
    expect(holdIsActive({ status: 'paid', ...times }, t0 + 48 * HOUR)).toBe(false);
    for (const status of ['declined', 'expired', 'cancelled'] as const) expect(holdIsActive({ status, ...times }, t0)).toBe(false);
  });
  it('shows the expiry in the dealership time zone', () => {
    expect(timeZoneOfState('QLD')).toBe('Australia/Brisbane');
    expect(timeZoneOfState('wa')).toBe('Australia/Perth');
    const at = Date.UTC(2026, 10, 25, 5, 30); // 25 Nov 2026 05:30 UTC
    expect(formatHoldExpiry(at, 'Australia/Brisbane')).toBe('Wednesday 25/11/2026, 3:30 pm AEST');
    expect(formatHoldExpiry(at, 'Australia/Sydney')).toBe('Wednesday 25/11/2026, 4:30 pm AEDT');
    expect(formatHoldExpiry(at, 'Australia/Perth')).toBe('Wednesday 25/11/2026, 1:30 pm AWST');
  });
});

describe('availability for reservation (docs/requirements/vehicle-browsing.md#states, #validation)', () => {
  const on = { enabled: true };
  it('in stock and coming soon cars may be reserved', () => {
    expect(reservability({ status: 'in_stock' }, on, false)).toEqual({ ok: true });
    expect(reservability({ status: 'coming_soon' }, on, false)).toEqual({ ok: true });
  });
  it('sold, reserved and held cars say why', () => {
    expect(reservability({ status: 'sold' }, on, false)).toMatchObject({ ok: false, reason: 'sold', message: 'This car has been sold.' });
    expect(reservability({ status: 'in_stock', reserved: true }, on, false)).toMatchObject({
      reason: 'reserved',
      message: 'This car has been reserved by another shopper.',
    });
    expect(reservability({ status: 'in_stock' }, on, true)).toMatchObject({ reason: 'reserved' });
    expect(reservability({ status: 'in_stock' }, {}, false)).toMatchObject({ reason: 'not-offered' });
  });
  it('reservation numbers are short and readable', () => {
    expect(reservationNumber('8f3a2c1d-77aa-4bbb-8ccc-123456789abc')).toBe('R-8F3A2C1D');
  });
});

describe('test cards', () => {
  it('succeed, decline, authenticate like Stripe test cards', () => {
    expect(testCardOutcome('4242 4242 4242 4242')).toBe('succeed');
    expect(testCardOutcome('4000 0000 0000 0002')).toBe('decline');
    expect(testCardOutcome('4000 0025 0000 3155')).toBe('authenticate');
    expect(testCardOutcome('4242 4242 4242 4241')).toBe('invalid');
    expect(luhnValid('79927398713')).toBe(false); // too short for a card
  });
});

describe('journey', () => {
  it('validates details with the seed messages', () => {
    expect(validateJourneyDetails({})).toEqual({
      name: '* This field is required',
      email: '* This field is required',
      phone: '* This field is required',
      postcode: '* This field is required',
    });
    expect(validateJourneyDetails({ name: 'Jo', email: 'jo@x', phone: '12', postcode: '40000' })).toEqual({
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid Australian phone number.',
      postcode: 'Invalid postcode. Please enter a 4-digit number.',
    });
    expect(validateJourneyDetails({ name: 'Jo', email: 'jo@example.com', phone: '0412 345 678', postcode: '4000' })).toBeNull();
  });
  it('resumes at the first unanswered step, never past it', () => {
    expect(resumeStep({ carId: 1 })).toBe('details');
    const details = { name: 'Jo', email: 'a@b.co', phone: '0412345678', postcode: '4000' };
    expect(resumeStep({ carId: 1, details })).toBe('trade-in');
    expect(resumeStep({ carId: 1, details, step: 'review' })).toBe('trade-in');
    expect(resumeStep({ carId: 1, details, tradeIn: { hasTradeIn: false }, step: 'details' })).toBe('details');
    expect(
      resumeStep({ carId: 1, details, tradeIn: { hasTradeIn: false }, finance: { choice: 'pay-in-full' }, delivery: { method: 'pick-up' }, step: 'deposit' }),
    ).toBe('review');
    expect(
      resumeStep({ carId: 1, details, tradeIn: { hasTradeIn: false }, finance: { choice: 'pay-in-full' }, delivery: { method: 'pick-up' }, reviewed: true }),
    ).toBe('deposit');
  });
});

describe('checkoutPageServed (the page data and the sign-in gate share it)', () => {
  it('serves /cars/:slug/{checkoutPath} where reserving is offered, and the journey where online purchase is', async () => {
    const { checkoutPageServed } = await import('./served');
    expect(checkoutPageServed({ enabled: true, checkoutPath: 'buy-online' }, '/cars/a-car/buy-online')).toBe(true);
    expect(checkoutPageServed({ enabled: true, checkoutPath: 'buy-online' }, '/cars/a-car/checkout')).toBe(false);
    expect(checkoutPageServed({ enabled: false }, '/cars/a-car/checkout')).toBe(false);
    expect(checkoutPageServed({ enabled: true }, '/cars/a-car/checkout/')).toBe(true);
    expect(checkoutPageServed({ onlinePurchaseEnabled: true }, '/checkout-journey')).toBe(true);
    expect(checkoutPageServed({ enabled: true }, '/checkout-journey')).toBe(false);
  });
});
