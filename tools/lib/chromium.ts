// Debian's Chromium, as every browser run of the project launches it (Playwright tests and the browser benches):
// never a downloaded browser, and none of its background traffic on a machine without internet.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
