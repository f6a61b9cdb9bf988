import { describe, expect, it } from 'vitest';
import { cardToSend, depositReducer, initialDeposit, type DepositAction, type DepositState } from './deposit-state';

const run = (...actions: DepositAction[]): DepositState => actions.reduce(depositReducer, initialDeposit());
const authenticate = { kind: 'authenticate', reservationId: 'r1', intentId: 'pi_1', clientSecret: 's' } as const;

describe('deposit form state', () => {
  it('formats the card as typed: groups of four digits, MM / YY, a CVC of at most four digits', () => {
    const s = run(
      { type: 'card', field: 'number', value: '4242abc424242424242' },
      { type: 'card', field: 'expiry', value: '1230' },
      { type: 'card', field: 'cvc', value: '12a345' },
    );
    expect(s.card).toEqual({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '1234' });
    expect(cardToSend(s.card)).toEqual({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '1234' });
    expect(run({ type: 'card', field: 'expiry', value: '1' }).card.expiry).toBe('1');
  });

  it('a payment on its way is busy, clears the last message and keeps the attempt key across retries', () => {
    const first = run({ type: 'paying', freshKey: 'k1' }, { type: 'finished', outcome: { kind: 'error', message: 'Payment failed' } });
    expect(first).toMatchObject({ busy: false, attemptKey: 'k1', outcome: { kind: 'error', message: 'Payment failed' } });
    const retry = depositReducer(first, { type: 'paying', freshKey: 'k2' });
    expect(retry).toMatchObject({ busy: true, outcome: null, attemptKey: 'k1' });
  });

  it('a declined card or a car gone makes the next try a new attempt', () => {
    for (const outcome of [
      { kind: 'declined', message: 'Your card was declined.' },
      { kind: 'unavailable', message: 'Sorry, this car has just been reserved.' },
    ] as const) {
      const s = run({ type: 'paying', freshKey: 'k1' }, { type: 'finished', outcome });
      expect(s.attemptKey).toBe('');
      expect(depositReducer(s, { type: 'paying', freshKey: 'k2' }).attemptKey).toBe('k2');
    }
  });

  it("the bank's step is answered only while it is shown", () => {
    expect(run({ type: 'authenticating' }).busy).toBe(false);
    const asked = run({ type: 'paying', freshKey: 'k1' }, { type: 'finished', outcome: authenticate });
    expect(asked).toMatchObject({ busy: false, outcome: authenticate });
    expect(depositReducer(asked, { type: 'authenticating' }).busy).toBe(true);
  });
});
