import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveTenantFile } from '../resolve';
import { minimalTenant, tempTenantsDir } from '../../../test-support/tenants';
import { validateTenantDocument } from '../validate';

const problemsOf = (alerts: unknown) => {
  const dir = tempTenantsDir({ 'test-motors': minimalTenant('test-motors', { settings: { alerts } }) });
  const result = validateTenantDocument(resolveTenantFile(join(dir, 'test-motors.json'), join(dir, 'templates')));
  return result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('settings.alerts', () => {
  it('fills in the defaults: off, daily, 08:00 to 20:00, six cars a mail', () => {
    const dir = tempTenantsDir({ 'test-motors': minimalTenant('test-motors') });
    const result = validateTenantDocument(resolveTenantFile(join(dir, 'test-motors.json'), join(dir, 'templates')));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.doc.settings.alerts).toEqual({
      enabled: false,
      savedSearches: true,
      watchlist: true,
      frequencies: ['instant', 'daily', 'weekly', 'off'],
      defaultFrequency: 'daily',
      sendWindow: { start: '08:00', end: '20:00' },
      weeklyDay: 'monday',
      maxCarsPerMail: 6,
    });
  });

  it('refuses bad values with the JSON path of each', () => {
    const problems = problemsOf({ enabled: 'yes', frequencies: ['hourly'], sendWindow: { start: '25:00' }, maxCarsPerMail: 0, senderAddress: 'not mail' });
    for (const path of [
      'settings.alerts.enabled',
      'settings.alerts.frequencies[0]',
      'settings.alerts.sendWindow.start',
      'settings.alerts.maxCarsPerMail',
      'settings.alerts.senderAddress',
    ])
      expect(
        problems.some((p) => p.startsWith(`${path}: `)),
        `${path} in ${problems.join('\n')}`,
      ).toBe(true);
  });

  it('refuses a default frequency shoppers cannot choose, and a window that ends before it starts', () => {
    expect(problemsOf({ frequencies: ['instant', 'off'], defaultFrequency: 'daily', sendWindow: { start: '20:00', end: '08:00' } })).toEqual([
      'settings.alerts.defaultFrequency: default frequency "daily" is not one of the frequencies shoppers can choose (instant, off): add it to frequencies or choose another default',
      'settings.alerts.sendWindow.end: the send window ends at 08:00, which is not after its start 20:00: make the end later than the start',
    ]);
    expect(problemsOf({ enabled: true, frequencies: ['daily', 'off'], sendWindow: { start: '07:00', end: '19:30' } })).toEqual([]);
  });
});
