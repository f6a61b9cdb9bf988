// Texts of the instant offer (trade-in) wizard, spelt as docs/requirements/dealer-services.md#validation, #errors and #constants spell them.

export const TRADE_IN_MESSAGES = {
  required: '* This field is required',
  chooseOneCar: '* Please choose one car.',
  invalidPostcode: 'Invalid postcode. Please enter a 4-digit number.',
  imageTooLarge: 'Please upload an image file under 10MB',
  tooManyImages: 'You can only upload 10 images',
  submitFailed: 'An error occurred while submitting the form. Please try again.',
  noMatch: 'Unfortunately, we could not find a match for your registration number.',
  noMatchAdvice: 'Please contact our team and we will value your car for you.',
  /** Server answers (not in the seeds; the API's own words). */
  notAnImage: 'Please upload a JPEG, PNG, GIF or HEIC image.',
  unknownEvaluation: 'This valuation has expired or belongs to another website. Please start again.',
  serviceUnavailable: 'Our valuation service is not available right now. Please try again shortly.',
  invalidNumber: 'Please enter a number of kilometres.',
  invalidChoice: 'Please choose one of the options.',
} as const;

/** docs/requirements/dealer-services.md#constants: estimate valid 7 days; buying team hours; contact the same or next business day. */
export const OFFER_VALID_DAYS = 7;
export const BUYING_TEAM_HOURS = 'Mon-Fri 8.30am-5.30pm, Sat 9am-5pm';
export const BUYING_TEAM_CONTACT = 'Our buying team will contact you the same or next business day.';
/** The outcome for a car outside the instant value rule (docs/requirements/dealer-services.md#validation Trade-in FAQ rules). */
export const TEAM_WILL_CONTACT = 'Our team will contact you with a valuation for your car.';
