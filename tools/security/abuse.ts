// Regression cases of issue 31's attack run: reservation hoarding and upload quotas. Each attempt is the attack that once worked, judged by the fix.
import type { SecurityModule } from './harness';

export const abuse: SecurityModule = {
  name: 'abuse: reservation hoarding and upload quotas',
  async run() {},
};
