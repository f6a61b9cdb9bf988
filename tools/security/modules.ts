// The parts of `npm run test:security`, run in this order. To add checks (for example the security headers of every
// page type), write a SecurityModule in this folder and list it here: its attempts count in the totals.
import type { SecurityModule } from './harness';
import { isolation } from './isolation';
import { findings } from './findings';
import { fuzz } from './fuzz';
import { headers } from './headers';
import { auth } from './auth';
import { signup } from './signup';
import { abuse } from './abuse';
import { hosts } from './hosts';
import { hardening } from './hardening';

export const securityModules: SecurityModule[] = [isolation, findings, fuzz, headers, auth, abuse, hosts, hardening, signup];
