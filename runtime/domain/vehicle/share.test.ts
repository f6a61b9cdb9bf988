import { describe, expect, it } from 'vitest';
import { AssertionError, COPIED_NOTE_MS, copiedToast, shareUrl, shareWindowFeatures } from './share';

describe('share helper (docs/requirements/vehicle-browsing.md#errors, #constants)', () => {
  it('throws assertion errors when url is missing or hashtags are not an array', () => {
    expect(() => shareUrl('facebook', { url: '' })).toThrow(AssertionError);
    expect(() => shareUrl('twitter', { url: 'https://d.example/cars/a', hashtags: 'cars' as unknown as string[] })).toThrow('hashtags is not an array');
  });
  it('builds network links', () => {
    expect(shareUrl('facebook', { url: 'https://d.example/cars/a b' })).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fd.example%2Fcars%2Fa%20b',
    );
    expect(shareUrl('twitter', { url: 'https://d.example/x', title: '2021 Kia', hashtags: ['cars', 'kia'] })).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fd.example%2Fx&text=2021%20Kia&hashtags=cars%2Ckia',
    );
  });
  it('opens a 550x400 window', () => {
    expect(shareWindowFeatures({ width: 1450, height: 900 })).toBe('width=550,height=400,left=450,top=250,noopener,noreferrer');
  });
  it("toasts 'Copied {car name} to your clipboard!' for 3 s; Copied note 1.5 s", () => {
    expect(copiedToast('2021 Mazda Mazda3 G20 Evolve')).toEqual({ message: 'Copied 2021 Mazda Mazda3 G20 Evolve to your clipboard!', durationMs: 3000 });
    expect(COPIED_NOTE_MS).toBe(1500);
  });
});
