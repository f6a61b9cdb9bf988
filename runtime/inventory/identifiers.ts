import type { Rng } from './prng';

// Stock numbers, VINs, NVICs, plates and slugs that look like the real thing.

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

const randomChars = (rng: Rng, alphabet: string, length: number): string => {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[rng.int(0, alphabet.length - 1)];
  return out;
};

export function vin(rng: Rng, year: number): string {
  // 10th character encodes the model year (2010 = A ... 2030 = Y, skipping I, O, Q, U, Z).
  const yearCodes = 'ABCDEFGHJKLMNPRSTVWXY';
  const yearCode = yearCodes[(year - 2010 + yearCodes.length * 4) % yearCodes.length];
  return randomChars(rng, VIN_CHARS, 9) + yearCode + randomChars(rng, VIN_CHARS, 7);
}

export const nvic = (rng: Rng): string => randomChars(rng, VIN_CHARS, 6);

/** Plate in the style of the state it is registered in. */
export function regPlate(rng: Rng, state: string): string {
  const digits = (n: number) => randomChars(rng, '0123456789', n);
  const letters = (n: number) => randomChars(rng, LETTERS, n);
  switch (state.toUpperCase()) {
    case 'NSW':
      return letters(2) + digits(2) + letters(2);
    case 'VIC':
      return digits(1) + letters(2) + digits(1) + letters(2);
    case 'QLD':
      return digits(3) + letters(3);
    default:
      return letters(3) + digits(3);
  }
}

export const stockNumber = (carType: string, id: number): string => `${carType.charAt(0).toUpperCase()}${String(id).padStart(6, '0')}`;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
