// Postcode on location and lead forms (docs/requirements/dealer-services.md#validation): required, exactly 4 digits.

export const POSTCODE_MAX_LENGTH = 4;
export const INVALID_POSTCODE = 'Invalid postcode. Please enter a 4-digit number.';

/** null when valid, else the seed's message (also for an empty postcode). */
export function postcodeError(postcode: string | null | undefined): string | null {
  return /^\d{4}$/.test((postcode ?? '').trim()) ? null : INVALID_POSTCODE;
}

/** What the input keeps while typing: at most 4 characters. */
export function limitPostcodeInput(value: string): string {
  return value.slice(0, POSTCODE_MAX_LENGTH);
}
