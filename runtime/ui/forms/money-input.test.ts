import { describe, expect, it } from 'vitest';
import { caretAfterDigits } from './MoneyInput';
import { displayWholeNumber, moneyQuickPicks, parseWholeNumber } from './number-input';

describe('money input (docs/requirements/dealer-services.md#validation, #constants)', () => {
  it('shows thousands separators as the shopper types', () => {
    expect(['1', '12', '125', '1250', '12500', '125000'].map((typed) => displayWholeNumber(parseWholeNumber(typed)))).toEqual([
      '1',
      '12',
      '125',
      '1,250',
      '12,500',
      '125,000',
    ]);
    expect(displayWholeNumber(parseWholeNumber('1,2500'))).toBe('12,500');
  });

  it('keeps the caret beside the same digit once separators move', () => {
    expect(caretAfterDigits('12,500', 2)).toBe(2);
    expect(caretAfterDigits('12,500', 3)).toBe(4);
    expect(caretAfterDigits('125,000', 6)).toBe(7);
    expect(caretAfterDigits('1,000', 0)).toBe(0);
  });

  it('quick picks run $5,000 to $70,000, or $300,000 to $800,000 by the flag', () => {
    expect(moneyQuickPicks(false)[0]).toBe(5000);
    expect(moneyQuickPicks(false).at(-1)).toBe(70000);
    expect(moneyQuickPicks(true)[0]).toBe(300000);
    expect(moneyQuickPicks(true).at(-1)).toBe(800000);
  });
});
