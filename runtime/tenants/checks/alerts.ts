// Alert settings that JSON Schema cannot relate: the default frequency must be one a shopper can choose, and the send
// window must have a start before its end (a window that wraps midnight would send at night).
import type { Check } from './types';

export const alertSettings: Check = {
  meta: { code: 'alert-settings', description: 'settings.alerts: the default frequency is one of the frequencies, and the send window starts before it ends.' },
  run(doc) {
    const alerts = doc.settings?.alerts;
    if (!alerts) return [];
    const problems = [];
    const choices = alerts.frequencies ?? ['instant', 'daily', 'weekly', 'off'];
    const fallback = alerts.defaultFrequency ?? 'daily';
    if (!choices.includes(fallback))
      problems.push({
        path: 'settings.alerts.defaultFrequency',
        message: `default frequency "${fallback}" is not one of the frequencies shoppers can choose (${choices.join(', ')}): add it to frequencies or choose another default`,
      });
    const start = alerts.sendWindow?.start ?? '08:00';
    const end = alerts.sendWindow?.end ?? '20:00';
    if (start >= end)
      problems.push({
        path: 'settings.alerts.sendWindow.end',
        message: `the send window ends at ${end}, which is not after its start ${start}: make the end later than the start`,
      });
    return problems;
  },
};
