// Regression cases of issue 31's attack run: redirects, audit log, feeds, views, links, unsubscribe. Each attempt is the attack that once worked, judged by the fix.
import type { SecurityModule } from './harness';

export const hardening: SecurityModule = {
  name: 'hardening: redirects, audit log, feeds, views, links, unsubscribe',
  async run() {},
};
