// A showroom description written from a catalogue row, for models without their own copy.
import type { CaravanSpec, CarModelSpec, MotorcycleSpec } from '../inventory/catalogue/types';
import { formatNumber } from '../domain/format';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const word = (n: number) => NUMBER_WORDS[n] ?? String(n);

/** 'a', 'a and b', 'a, b and c'; with 'or' for a choice: 'a, b or c'. */
export function listPhrase(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

// Letters whose spoken name starts with a vowel sound: an SUV, an MX-5, an F-Pace.
const VOWEL_SOUND_LETTERS = new Set('AEFHILMNORSX');

/**
 * 'a' or 'an' by how the next word is spoken, not spelt: an eight-seat, an SUV, an 800 cc, an 11-seat, but a ute,
 * a one-tonne, a 1,300 cc, a single-axle.
 */
export function indefiniteArticle(next: string): 'a' | 'an' {
  const word = next.trim().split(/[\s-]/)[0] ?? '';
  if (/^\d/.test(word)) {
    // read from its leading group: 8, 80-89, 800-899 and 8,000 start with "eight"; 11, 18 and 11,000 with a vowel too
    const lead = word.split(/[,.]/)[0] ?? word;
    return lead.startsWith('8') || lead === '11' || lead === '18' ? 'an' : 'a';
  }
  if (word.length > 1 && word === word.toUpperCase() && /^[A-Z]/.test(word)) return VOWEL_SOUND_LETTERS.has(word.charAt(0)) ? 'an' : 'a';
  const lower = word.toLowerCase();
  if (/^(one|once|uni|use|usu|ute|eu)/.test(lower)) return 'a'; // spoken with a consonant "w" or "y"
  if (/^(hour|honest|heir)/.test(lower)) return 'an';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

/** 'an eight-seat SUV', 'a ute'. */
const withArticle = (phrase: string) => `${indefiniteArticle(phrase)} ${phrase}`;

const BODY_NOUNS: Record<string, string> = {
  SUV: 'SUV',
  Ute: 'ute',
  'Cab Chassis': 'cab chassis',
  Hatch: 'hatch',
  Sedan: 'sedan',
  Wagon: 'wagon',
  Van: 'van',
  Coupe: 'coupe',
  Convertible: 'convertible',
  'People Mover': 'people mover',
};

const DRIVE_WORDS: Record<string, string> = { FWD: 'front-wheel', RWD: 'rear-wheel', AWD: 'all-wheel', '4WD': 'four-wheel', '2WD': 'two-wheel' };

/** rows: every catalogue row of one make and model (one per body). */
export function carDescription(rows: readonly CarModelSpec[], name: string): string {
  const first = rows[0];
  if (!first) return '';
  const bodies = listPhrase([...new Set(rows.map((r) => BODY_NOUNS[r.body] ?? r.body.toLowerCase()))]);
  const grades = [...new Set(rows.flatMap((r) => r.badges))];
  const fuels = [...new Set(rows.flatMap((r) => r.powertrains.map((p) => p.fuel.toLowerCase())))];
  const drives = [...new Set(rows.flatMap((r) => r.drives.map((d) => DRIVE_WORDS[d] ?? d)))];
  const seats = Math.max(...rows.map((r) => r.seats));
  const towing = Math.max(...rows.map((r) => r.towing));
  const range = grades.length > 1 ? `${word(grades.length)} grades from ${grades[0]} to ${grades[grades.length - 1]}` : `the ${grades[0]} grade`;
  const towingText = towing > 0 ? ` Braked towing is rated at up to ${formatNumber(towing)} kg.` : '';
  // the buyer picks one fuel and one drive, so the lists read as choices
  const drive = `${listPhrase(drives, 'or')} drive`;
  const power = fuels.length === 1 && fuels[0] === 'electric' ? `fully electric, with ${drive}` : `with ${listPhrase(fuels, 'or')} power and ${drive}`;
  return `The ${first.make} ${name} is ${withArticle(`${word(seats)}-seat ${bodies}`)} in ${range}, ${power}.${towingText}`;
}

export function caravanDescription(spec: CaravanSpec): string {
  const metres = (spec.length / 1000).toFixed(1);
  const layouts = spec.badges.length > 1 ? `${listPhrase(spec.badges)} layouts` : `the ${spec.badges[0]} layout`;
  const atm = `${formatNumber(spec.atm)} kg ATM`;
  return `The ${spec.make} ${spec.model} is ${withArticle(`${spec.axle.toLowerCase()}-axle caravan`)} that sleeps ${word(spec.sleeps)}, ${metres} m long with ${withArticle(atm)}, in ${layouts}.`;
}

export function motorcycleDescription(spec: MotorcycleSpec): string {
  const versions = spec.badges.length > 1 ? ` Available as the ${listPhrase(spec.badges)}.` : '';
  const cylinders = spec.cylinders === 1 ? 'single-cylinder' : `${word(spec.cylinders)}-cylinder`;
  return `The ${spec.make} ${spec.model} is ${withArticle(`${formatNumber(spec.cc)} cc`)} ${cylinders} ${spec.category.toLowerCase()} motorcycle.${versions}`;
}
