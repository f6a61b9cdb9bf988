import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  WATCHLIST_MESSAGES,
  gateFor,
  gatedRedirect,
  normalisePhone,
  priceDrop,
  safeRedirectPath,
  signInHref,
  validateSignUp,
  waitText,
  watchlistClick,
} from '.';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

describe('sign-in redirect (issue 10: same-site paths only)', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirectPath('/cars/2021-mazda-cx-5?x=1#finance-calculator')).toBe('/cars/2021-mazda-cx-5?x=1#finance-calculator');
    expect(safeRedirectPath('/')).toBe('/');
  });
  it.each([
    'https://evil.example/',
    'http://evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'evil.example',
    '',
    undefined,
    42,
    '/%0d%0aSet-Cookie:x',
  ])('refuses %j and falls back to /', (value) => {
    const got = safeRedirectPath(value);
    expect(got === '/' || got.startsWith('/%0')).toBe(true);
    expect(new URL(got, 'http://site.test').host).toBe('site.test');
  });
  it('builds /sign-in?type=watchlist&redirect={path}&back={path} (docs/requirements/vehicle-browsing.md#screens)', () => {
    expect(signInHref('watchlist', '/cars/x', '/cars/x')).toBe('/sign-in?type=watchlist&redirect=%2Fcars%2Fx&back=%2Fcars%2Fx');
    expect(signInHref('watchlist', '//evil.example')).toBe('/sign-in?type=watchlist&redirect=%2F&back=%2F');
  });
});

describe('gated routes (docs/requirements/dealer-services.md#roles)', () => {
  const known = (slug: string) => slug === 'known-car';
  const req = (pathname: string, search = '') => ({ pathname, search, isKnownCar: known });
  const s = { gatedRoutes: ['/cars/:slug/checkout', '/checkout-journey', '/spin-to-win', '/my-garage/*', '/trade-in', '/sell-my-car'] };
  it('gates the listed routes', () => {
    expect(gateFor(s, req('/spin-to-win'))).toBe('/spin-to-win');
    expect(gateFor(s, req('/spin-to-win/'))).toBe('/spin-to-win');
    expect(gateFor(s, req('/my-garage/cars'))).toBe('/my-garage/*');
    expect(gateFor(s, req('/about-us'))).toBeNull();
  });
  it('matches a literal route as react-router would: any case, a trailing slash, nothing longer', () => {
    expect(gateFor(s, req('/Spin-To-Win'))).toBe('/spin-to-win');
    expect(gateFor(s, req('/my-account//'))).toBe('/my-account');
    expect(gateFor(s, req('/spin-to-win/now'))).toBeNull();
    expect(gateFor(s, req('/spin-to-winner'))).toBeNull();
  });
  it('never gates trade-in and sell-my-car, even when listed', () => {
    expect(gateFor(s, req('/trade-in'))).toBeNull();
    expect(gateFor(s, req('/sell-my-car'))).toBeNull();
    expect(gateFor({ gatedRoutes: ['/cars/:slug'] }, req('/cars/trade-in', '?car_id=1'))).toBeNull();
  });
  it('checkout without a known car slug does not redirect', () => {
    expect(gateFor(s, req('/cars/known-car/checkout'))).toBe('/cars/:slug/checkout');
    expect(gateFor(s, req('/cars/unknown/checkout'))).toBeNull();
    expect(gateFor(s, req('/checkout-journey', '?car_id=known-car'))).toBe('/checkout-journey');
    expect(gateFor(s, req('/checkout-journey'))).toBeNull();
  });
  it('gates the finance page only when finance.gatedRoute is on', () => {
    expect(gateFor({ financePath: '/finance' }, req('/finance'))).toBeNull();
    expect(gateFor({ financeGated: true, financePath: '/finance' }, req('/finance'))).toBe('/finance');
    expect(gateFor({ financeGated: true, financePath: 'https://lender.example/apply' }, req('/finance'))).toBeNull();
  });
  it('account pages always need sign-in', () => {
    expect(gateFor({}, req('/watchlist'))).toBe('/watchlist');
    expect(gateFor({}, req('/my-account'))).toBe('/my-account');
  });
  it('redirects to sign-in with redirect and back', () => {
    expect(gatedRedirect('/spin-to-win?a=1', '/offers')).toBe('/sign-in?type=page&redirect=%2Fspin-to-win%3Fa%3D1&back=%2Foffers');
    expect(gatedRedirect('/spin-to-win', 'https://evil.example/')).toBe('/sign-in?type=page&redirect=%2Fspin-to-win&back=%2F');
  });
});

describe('watchlist click (docs/requirements/vehicle-browsing.md#states, #roles)', () => {
  const base = { signedIn: true, hasPhone: true, saved: false, available: true, path: '/search/used-cars?page=2' };
  it('signed out goes to /sign-in?type=watchlist&redirect={path}&back={path}', () => {
    expect(watchlistClick({ ...base, signedIn: false })).toEqual({
      kind: 'sign-in',
      href: '/sign-in?type=watchlist&redirect=%2Fsearch%2Fused-cars%3Fpage%3D2&back=%2Fsearch%2Fused-cars%3Fpage%3D2',
    });
  });
  it('missing phone asks for one', () => expect(watchlistClick({ ...base, hasPhone: false }).kind).toBe('need-phone'));
  it('a sold car cannot be saved unless already saved', () => {
    expect(watchlistClick({ ...base, available: false }).kind).toBe('sold');
    expect(watchlistClick({ ...base, available: false, saved: true }).kind).toBe('remove');
  });
  it('saves and removes', () => {
    expect(watchlistClick(base).kind).toBe('save');
    expect(watchlistClick({ ...base, saved: true }).kind).toBe('remove');
  });
  it('pins the seed texts and event 39', () => {
    expect(WATCHLIST_MESSAGES.saved).toBe('Car Saved In Watchlist');
    expect(WATCHLIST_MESSAGES.removed).toBe('Car Removed');
    expect(WATCHLIST_MESSAGES.viewList).toBe('View List');
    expect(withSettingsDefaults('analytics').events.saveToWatchlist).toBe(39);
  });
  it('price drop since saved', () => {
    expect(priceDrop(30000, 28500)).toBe(1500);
    expect(priceDrop(30000, 30000)).toBeNull();
    expect(priceDrop(30000, 31000)).toBeNull();
    expect(priceDrop(0, 20000)).toBeNull();
    expect(priceDrop(30000, 0)).toBeNull();
  });
});

describe('sign-up fields', () => {
  it('accepts name, email, password and an optional phone', () => {
    expect(validateSignUp({ name: ' Ann ', email: ' Ann@Example.com ', password: 'correct horse', phone: '' })).toEqual({
      ok: true,
      value: { name: 'Ann', email: 'ann@example.com', password: 'correct horse', phone: null },
    });
    expect(validateSignUp({ name: 'Ann', email: 'a@b.co', password: 'correct horse', phone: '+61 412 345 678' })).toMatchObject({
      ok: true,
      value: { phone: '0412345678' },
    });
  });
  it('names each bad field', () => {
    expect(validateSignUp({ email: 'nope', password: 'short', phone: '123', name: 7 })).toEqual({
      ok: false,
      fields: {
        name: ACCOUNT_MESSAGES.required,
        email: ACCOUNT_MESSAGES.invalidEmail,
        password: ACCOUNT_MESSAGES.passwordTooShort,
        phone: ACCOUNT_MESSAGES.invalidPhone,
      },
    });
  });
  it('normalises Australian phone numbers', () => {
    expect(normalisePhone('0412 345 678')).toBe('0412345678');
    expect(normalisePhone('(02) 9876 5432')).toBe('0298765432');
    expect(normalisePhone('12345')).toBeNull();
  });
  it('rate-limit message names the wait', () => {
    expect(ACCOUNT_MESSAGES.rateLimited(1)).toBe('Too many sign-in attempts. Please wait 1 minute and try again.');
    expect(ACCOUNT_MESSAGES.rateLimited(15)).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expect(ACCOUNT_MESSAGES.accountSlowed(waitText(15))).toBe(
      'There have been several failed sign-ins to this account. Please wait 15 seconds and try again, or reset your password.',
    );
    expect([0.2, 1, 59, 60, 61, 900].map(waitText)).toEqual(['1 second', '1 second', '59 seconds', '1 minute', '2 minutes', '15 minutes']);
  });
});
