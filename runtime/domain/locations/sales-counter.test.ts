import { describe, expect, it } from 'vitest';
import { SALES_COUNTER_REFRESH_MS, salesCounterValue } from './sales-counter';

describe('salesCounterValue (docs/requirements/dealer-services.md#constants)', () => {
  it('is (day - 1) x 192 + floor(seconds since midnight / 450) in Brisbane', () => {
    // 10 July 2025 01:15:00 Brisbane = 9 July 15:15:00 UTC; 4500 s / 450 = 10
    expect(salesCounterValue(new Date('2025-07-09T15:15:00Z'))).toBe(9 * 192 + 10);
    // 1st of the month at 00:07:29 -> 449 s -> 0
    expect(salesCounterValue(new Date('2025-06-30T14:07:29Z'))).toBe(0);
    expect(salesCounterValue(new Date('2025-06-30T14:07:30Z'))).toBe(1);
    // last second of the 31st: 30 x 192 + 191
    expect(salesCounterValue(new Date('2025-07-31T13:59:59Z'))).toBe(30 * 192 + 191);
  });
  it('refreshes every 150 s', () => {
    expect(SALES_COUNTER_REFRESH_MS).toBe(150000);
  });
});
