import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// npm run test:a11y: axe (WCAG 2.2 A/AA rules) on every page type of every demo site and in the editor, against the
// production build, on a server of each worker's own (E2E_PORT + 20 and + 50) with a small demo stock and its own editor accounts.
const port = Number(process.env.E2E_PORT ?? 3100) + 20;
process.env.A11Y_PORT = String(port);

export default defineConfig({
  ...base,
  testDir: 'a11y',
  timeout: 120_000,
  workers: 2,
  webServer: undefined,
});
