// Texts of shopper accounts and the watchlist: the seeds' where they give them
// (docs/requirements/vehicle-browsing.md#states, docs/requirements/dealer-services.md#states), the
// rest written for this product. Tests pin them; the blocks and the API use only these.
export const ACCOUNT_MESSAGES = {
  required: '* This field is required',
  invalidEmail: 'Please enter a valid email address.',
  invalidPhone: 'Please enter a valid Australian phone number.',
  passwordTooShort: 'Your password must be at least 10 characters.',
  passwordTooLong: 'Your password must be at most 200 characters.',
  nameTooLong: 'Your name must be at most 100 characters.',
  // Also the answer to the right password of an account whose email is not confirmed yet (a new link is mailed then):
  // a different answer would tell who has signed up with which address.
  badCredentials: 'The email or password is incorrect. If you have just created your account, open the link we emailed you first.',
  rateLimited: (minutes: number) => `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  // Only browsers this account has not signed in from see this: strangers' failures must not lock the owner out.
  accountSlowed: (wait: string) => `There have been several failed sign-ins to this account. Please wait ${wait} and try again, or reset your password.`,
  // The same answer whether or not the email already has an account here (the owner is told by mail).
  signUpDone:
    'Thank you. Please check your email: we have sent you a link to confirm your address and finish creating your account. If you already have an account here, the email tells you how to sign in.',
  confirmInvalid: 'This confirmation link is invalid, has expired or has already been used.',
  confirmNewLink: 'To get a new link, sign in with your email and password, or create your account again.',
  resetSent: 'If an account exists for that email, we have sent a link to reset your password. The link works once, for 1 hour.',
  resetInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  resetDone: 'Your password has been changed. Please sign in with your new password.',
  signedOut: 'You are not signed in.',
  csrf: 'This form has expired. Please reload the page and try again.',
  wrongSite: 'This request did not come from this website.',
  phoneSaved: 'Your phone number has been saved.',
  unavailable: 'Accounts are unavailable right now. Please try again shortly.',
  tooLarge: 'The request is too large.',
  badJson: 'The request body is not valid JSON.',
} as const;

export const WATCHLIST_MESSAGES = {
  // docs/requirements/vehicle-browsing.md#states, docs/requirements/dealer-services.md#states
  saved: 'Car Saved In Watchlist',
  removed: 'Car Removed',
  viewList: 'View List',
  soldCannotSave: 'This car has been sold and can no longer be saved to your watchlist.',
  phoneMissing: 'Please add your phone number to your account to save cars to your watchlist.',
  phoneWarning: 'Watchlist: the signed-in user has no phone number; a phone number is needed to save cars.',
  badCarId: 'car_id must be the id of a car on this site.',
  unknownCar: 'This car is not available on this site.',
  badPhone: 'phone_number must be the phone number of your account.',
  failed: 'Your watchlist could not be updated. Please try again.',
} as const;

/** "45 seconds", "1 minute", "15 minutes": a wait as shown in messages. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** How long a sign-up's confirmation link works (its mail and the messages say "24 hours"). */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;
