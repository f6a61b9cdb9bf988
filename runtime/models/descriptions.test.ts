import { describe, expect, it } from 'vitest';
import { indefiniteArticle, listPhrase } from './descriptions';
import { modelCatalogue } from './catalogue';

describe('indefiniteArticle', () => {
  it('goes by the sound of the next word', () => {
    const cases: [string, 'a' | 'an'][] = [
      ['eight-seat people mover', 'an'],
      ['five-seat SUV', 'a'],
      ['SUV', 'an'],
      ['MX-5', 'an'],
      ['ute', 'a'],
      ['one-tonne payload', 'a'],
      ['hour', 'an'],
      ['tandem-axle caravan', 'a'],
      ['800 cc', 'an'],
      ['1,300 cc', 'a'],
      ['18,000 kg ATM', 'an'],
      ['11-seat bus', 'an'],
      ['110 kW engine', 'a'],
      ['1,750 kg ATM', 'a'],
      ['electric sedan', 'an'],
      ['independent suspension', 'an'],
    ];
    for (const [next, article] of cases) expect(indefiniteArticle(next), next).toBe(article);
  });
});

describe('listPhrase', () => {
  it('joins with commas and a final "and", or "or" for a choice', () => {
    expect(listPhrase(['petrol'])).toBe('petrol');
    expect(listPhrase(['front-wheel', 'all-wheel'], 'or')).toBe('front-wheel or all-wheel');
    expect(listPhrase(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('model copy of every catalogue model', () => {
  const copy = modelCatalogue().map((m) => ({ name: `${m.make} ${m.stockModel}`, text: m.model.short_description ?? '' }));

  it('uses the article the next word is spoken with', () => {
    for (const { name, text } of copy) {
      for (const match of text.matchAll(/\b(?<article>a|an|A|An) (?<next>[\w,.-]+)/g)) {
        const { article = '', next = '' } = match.groups ?? {};
        expect(article.toLowerCase(), `${name}: "${article} ${next}"`).toBe(indefiniteArticle(next));
      }
      expect(text, name).not.toMatch(/\ba (eight|eleven|SUV|8)/i);
    }
  });

  it('offers fuels and drives as choices, never "fully electric and ... drive" or "x and y and z drive"', () => {
    for (const { name, text } of copy) {
      expect(text, name).not.toMatch(/fully electric and/);
      expect(text, name).not.toMatch(/\band [\w-]+ and [\w-]+ drive\b/);
      expect(text, name).not.toMatch(/one-cylinder|\bin [^ ]+ layouts/);
    }
  });

  it('reads as the spec examples do', () => {
    const text = (make: string, model: string) => modelCatalogue().find((m) => m.make === make && m.stockModel === model)?.model.short_description;
    expect(text('Kia', 'Carnival')).toBe(
      'The Kia Carnival is an eight-seat people mover in four grades from S to GT-Line, with diesel, petrol or hybrid power and front-wheel drive. Braked towing is rated at up to 2,000 kg.',
    );
    expect(text('BYD', 'Seal')).toBe(
      'The BYD Seal is a five-seat sedan in three grades from Dynamic to Performance, fully electric, with rear-wheel or all-wheel drive. Braked towing is rated at up to 1,200 kg.',
    );
  });
});
