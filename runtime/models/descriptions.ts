// A showroom description written from a catalogue row, for models without their own copy.
import type { CaravanSpec, CarModelSpec, MotorcycleSpec } from '../inventory/catalogue/types';
import { formatNumber } from '../domain/format';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const word = (n: number) => NUMBER_WORDS[n] ?? String(n);

/** 'a', 'a and b', 'a, b and c'. */
export function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

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
  const bodies = listPhrase([...new Set(rows.map((r) => BODY_NOUNS[r.body] ?? r.body.toLowerCase()))]);
  const grades = [...new Set(rows.flatMap((r) => r.badges))];
  const fuels = [...new Set(rows.flatMap((r) => r.powertrains.map((p) => p.fuel.toLowerCase())))];
  const drives = [...new Set(rows.flatMap((r) => r.drives.map((d) => DRIVE_WORDS[d])))];
  const seats = Math.max(...rows.map((r) => r.seats));
  const towing = Math.max(...rows.map((r) => r.towing));
  const power = fuels.length === 1 && fuels[0] === 'electric' ? 'fully electric' : `${listPhrase(fuels)} power`;
  const range = grades.length > 1 ? `${word(grades.length)} grades from ${grades[0]} to ${grades[grades.length - 1]}` : `the ${grades[0]} grade`;
  const towingText = towing > 0 ? ` Braked towing is rated at up to ${formatNumber(towing)} kg.` : '';
  return `The ${first.make} ${name} is a ${word(seats)}-seat ${bodies} in ${range}, with ${power} and ${listPhrase(drives)} drive.${towingText}`;
}

export function caravanDescription(spec: CaravanSpec): string {
  const metres = (spec.length / 1000).toFixed(1);
  return `The ${spec.make} ${spec.model} is a ${spec.axle.toLowerCase()}-axle caravan that sleeps ${word(spec.sleeps)}, ${metres} m long with a ${formatNumber(spec.atm)} kg ATM, in ${listPhrase(spec.badges)} layouts.`;
}

export function motorcycleDescription(spec: MotorcycleSpec): string {
  const versions = spec.badges.length > 1 ? ` Available as the ${listPhrase(spec.badges)}.` : '';
  return `The ${spec.make} ${spec.model} is a ${formatNumber(spec.cc)} cc ${word(spec.cylinders)}-cylinder ${spec.category.toLowerCase()} motorcycle.${versions}`;
}
