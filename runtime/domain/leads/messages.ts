// Texts of the lead forms and their error catalogue (docs/requirements/dealer-services.md#validation, #errors;
// docs/requirements/vehicle-browsing.md#screens, #errors), spelt as the seeds spell them.

export const LEAD_MESSAGES = {
  required: '* This field is required',
  invalidPostcode: 'Invalid postcode. Please enter a 4-digit number.',
  terms: '*You must agree to the terms of use before submitting.',
  chooseOneCar: '* Please choose one car.',
  invalidEmail: 'Please enter a valid email address.',
  invalidPhone: 'Please enter a valid Australian phone number.',
  invalidChoice: 'Please choose one of the options.',
  honeypot: 'This field must be left empty.',
  /** Heading of the list of field errors. */
  fixErrors: 'Please fix the following errors:',
  /** Alert and form error when a submission fails without a message from the server. */
  submitFailed: 'An error occurred when submitting this form',
  /** Spelt 'occured' in the seed; kept. */
  unexpected: 'An unexpected error occured',
  stepIncomplete: 'Please complete the form step before proceeding',
  /** Server answers (not in the seeds; the API's own words). */
  rateLimited: 'Too many submissions from this connection. Please wait a minute and try again.',
  tooLarge: 'This form is too large to send.',
  wrongSite: 'This form was not sent from this website.',
  unknownDealership: 'This dealership is not part of this website.',
  unknownCar: 'This car is not listed on this website.',
} as const;

export function tooLongMessage(max: number): string {
  return `Please use at most ${max} characters.`;
}

/** Prefill of the hidden text field of the Request Photos dialog (docs/requirements/vehicle-browsing.md#screens,
 * docs/requirements/dealer-services.md#screens). */
export const REQUEST_PHOTOS_MESSAGE = 'Please send photos for this car';

/** Value of `source` on every lead the website sends. */
export const LEAD_SOURCE = 'Website';
