// The local test payment provider's cards, like Stripe's test cards: any expiry in the future, any CVC.
export type TestCardOutcome = 'succeed' | 'decline' | 'authenticate';

const TEST_CARDS: Readonly<Record<string, TestCardOutcome>> = {
  '4242424242424242': 'succeed', // Visa
  '5555555555554444': 'succeed', // Mastercard
  '4000000000000002': 'decline', // generic decline
  '4000000000009995': 'decline', // insufficient funds
  '4000002500003155': 'authenticate', // 3D Secure: the bank asks the shopper to approve
};

export const digitsOnly = (s: string) => s.replace(/[\s-]/g, '');

/** Luhn check: what a real card form checks before sending. */
export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Unknown but valid card numbers are declined, as a test mode does with real card numbers. */
export function testCardOutcome(number: string): TestCardOutcome | 'invalid' {
  const digits = digitsOnly(number);
  if (!luhnValid(digits)) return 'invalid';
  return TEST_CARDS[digits] ?? 'decline';
}
