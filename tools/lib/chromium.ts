// Debian's Chromium, as every browser run of the project launches it (Playwright tests and the browser benches):
// never a downloaded browser, and none of its background traffic on a machine without internet.
import { existsSync } from 'node:fs';

/** The full browser: the benches that judge what a shopper's browser does (Lighthouse, long tasks, weight). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The test suites run Debian's headless shell (package chromium-headless-shell, the same Chromium build without the
// desktop browser's windows and compositor) when it is installed, as Playwright does with its own browsers. The suites'
// time is mostly the browser's, and the shell spends about a third of the full browser's CPU on the same spec
// (docs/performance.md#test-suite-time). CHROMIUM_PATH still picks one browser for everything.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
