// Texts of the service booking forms (docs/requirements/dealer-services.md#validation, #errors), spelt as the seed spells them, and the wizard's own words.
import { LEAD_MESSAGES } from '../leads/messages';

export const SERVICE_MESSAGES = {
  required: LEAD_MESSAGES.required,
  stepIncomplete: LEAD_MESSAGES.stepIncomplete,
  invalidPostcode: LEAD_MESSAGES.invalidPostcode,
  invalidEmail: LEAD_MESSAGES.invalidEmail,
  invalidPhone: LEAD_MESSAGES.invalidPhone,
  invalidChoice: LEAD_MESSAGES.invalidChoice,
  invalidYear: 'Please enter a 4-digit year.',
  closedDate: 'The service centre is closed on that day. Please choose another date.',
  pastDate: 'Please choose a date from today onwards.',
  tooFarDate: 'Please choose a date within the booking period.',
  invalidDate: 'Please choose a date.',
  chooseLocationFirst: 'Please choose a location first.',
  locationNotAtDealership: 'This location is not part of the chosen dealership.',
} as const;

export const tooLong = (max: number) => `Please use at most ${max} characters.`;
