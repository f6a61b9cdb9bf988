import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './tools/lib/chromium';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the production build.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// SERVER_BUNDLE lets several builds (in their own folders) be tested side by side.
const serverBundle = process.env.SERVER_BUNDLE ?? 'dist/server/main.js';
// Every server the tests start (here and in specs that spawn their own) runs React's production build, as in production.
process.env.NODE_ENV = 'production';
// Request logs (one JSON line per request) would fill the pipes of servers whose output a spec does not read: tests
// keep warnings and errors only.
process.env.LOG_LEVEL ??= 'warn';

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `node ${serverBundle}`,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.LOG_LEVEL,
      // Links in mail point at this test server (production takes them from configuration only).
      EDITOR_PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      SITE_URL_TEMPLATE: `http://{slug}.localhost:${E2E_PORT}`,
    },
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    // The demo stock is generated at start: on a busy 2-core machine that can take over 30 s.
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
