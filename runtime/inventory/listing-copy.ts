import type { Rng } from './prng';
import { COMMENT_OPENERS, COMMENT_SENTENCES, EQUIPMENT, HEADLINE_FEATURES } from './catalogue/listing-texts';
import type { CopyLength } from './listing-traits';

// Dealer comments and equipment lists: some empty, some short, some past the 400-character fold (docs/requirements/vehicle-browsing.md#states).

const LONG_COMMENT_MIN = 401;

export function dealerComments(rng: Rng, length: CopyLength, fill: { title: string; body: string; colour: string; features: string[] }): string {
  if (length === 'empty') return '';
  const features = fill.features.slice(0, 3).join(', ') || 'a long list of safety and comfort equipment';
  const text = (sentence: string) =>
    sentence
      .replace('{title}', fill.title)
      .replace('{body}', fill.body.toLowerCase())
      .replace('{colour}', fill.colour.toLowerCase())
      .replace('{features}', features);
  const parts = [text(rng.pick(COMMENT_OPENERS))];
  const sentences = rng.sample(COMMENT_SENTENCES, COMMENT_SENTENCES.length);
  if (length === 'short') return [...parts, ...sentences.slice(0, rng.int(1, 2)).map(text)].join(' ');
  for (const sentence of sentences) {
    parts.push(text(sentence));
    if (parts.join(' ').length >= LONG_COMMENT_MIN + 60 && parts.length >= 6) break;
  }
  return parts.join(' ');
}

export function standardEquipment(rng: Rng, length: CopyLength): string[] {
  if (length === 'empty') return [];
  const count = length === 'short' ? rng.int(3, 8) : rng.int(9, 22);
  return rng.sample(EQUIPMENT, count);
}

export const headlineFeatures = (equipment: string[]): string[] => equipment.filter((item) => HEADLINE_FEATURES.includes(item));
