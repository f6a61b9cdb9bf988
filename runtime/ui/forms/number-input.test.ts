import { describe, expect, it } from 'vitest';
import { displayWholeNumber, moneyQuickPicks, parseWholeNumber, quickPickLabel } from './number-input';

describe('money and kilometre inputs', () => {
  it('keeps only the digits typed, without leading zeros', () => {
    expect(parseWholeNumber('$12,500')).toBe(12500);
    expect(parseWholeNumber('12a5')).toBe(125);
    expect(parseWholeNumber('007')).toBe(7);
    expect(parseWholeNumber('0')).toBe(0);
    expect(parseWholeNumber('')).toBe('');
    expect(parseWholeNumber('abc')).toBe('');
  });

  it('shows thousands separators', () => {
    expect(displayWholeNumber(1234567)).toBe('1,234,567');
    expect(displayWholeNumber(0)).toBe('0');
    expect(displayWholeNumber('')).toBe('');
    expect(displayWholeNumber(undefined)).toBe('');
  });

  it('quick picks run $5,000 to $70,000, or $300,000 to $800,000 with the flag (docs/requirements/dealer-services.md#constants)', () => {
    const normal = moneyQuickPicks(false).map((v) => quickPickLabel(v, 'money'));
    expect(normal[0]).toBe('$5,000');
    expect(normal.at(-1)).toBe('$70,000');
    const high = moneyQuickPicks(true).map((v) => quickPickLabel(v, 'money'));
    expect(high[0]).toBe('$300,000');
    expect(high.at(-1)).toBe('$800,000');
    expect(quickPickLabel(50000, 'kms')).toBe('50,000 kms');
  });
});
