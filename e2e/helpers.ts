import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { atLeast } from '../test-support/at-least';

// Specs that start their own server use E2E_PORT + an offset of their own, so parallel workers never collide:
// +1 validation-and-isolation, +2 editor, +3 service-booking, +4 accounts, +5 lead-delivery, +6 responsive-images,
// +7 trade-in, +8 and +14 production-build, +9/+10 two-processes, +11 checkout, +12 finance-and-analytics, +13 direct-search, +15 seo,
// +16 dev-server (npm run dev), +17 editor-accounts, +18 editor-navigation, +19 editor-theme, +21 editor-acceptance,
// +22 feed-photos, +23 editor-canvas, +24 editor-publishing, +27 layout-shift, +50 editor-visual, +20 the accessibility suite (playwright.a11y.config.ts).
export const port = Number(process.env.E2E_PORT ?? 3100);
export const serverBundle = resolve(import.meta.dirname, '..', process.env.SERVER_BUNDLE ?? 'dist/server/main.js');
export const root = join(import.meta.dirname, '..');
export const demoSlugs = atLeast(
  1,
  readdirSync(join(root, 'tenants'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, '')),
  'the tenant documents in tenants/',
);
export const siteUrl = (slug: string, path = '/', p = port) => `http://${slug}.localhost:${p}${path}`;

/**
 * The status a site's server answers for a path on that site's host (`{slug}.localhost`), asked from Node with the
 * Host header (Node does not resolve *.localhost, and a JSON answer opened in the browser is a download).
 */
export function statusOn(slug: string, path: string, p = port): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: p, path, headers: { host: `${slug}.localhost:${p}` } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`timeout: ${slug}${path}`)));
    req.end();
  });
}

/** Collects console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  // A failed resource's console message does not say which one: its address is added.
  page.on(
    'console',
    (m) => m.type() === 'error' && errors.push(m.location().url && m.text().startsWith('Failed to load') ? `${m.text()}: ${m.location().url}` : m.text()),
  );
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Scrolls an element into view, waits until it stays put for five frames, then clicks it. Below the search results,
 * cards off screen keep an estimated height (content-visibility) until scrolled near, so a few frames after a jump
 * the rows near the viewport take their real height and what is under them moves by up to a row's difference (53 px
 * at 1280 px). A shopper's click comes after that; Playwright's can land between its mousedown and mouseup, which
 * then miss each other and click nothing.
 */
export async function clickWhenSettled(target: Locator): Promise<void> {
  await target.evaluate(async (element) => {
    element.scrollIntoView({ block: 'center' });
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    let last = Number.NaN;
    for (let still = 0, frames = 0; still < 5 && frames < 120; frames++) {
      await frame();
      const top = element.getBoundingClientRect().top;
      still = top === last ? still + 1 : 0;
      last = top;
    }
  });
  await target.click();
}

/**
 * Picks up a dnd-kit draggable by keyboard (Space on its focused handle) and waits until the arrow keys can move it.
 * dnd-kit's keyboard sensor starts listening for them one timer turn after the Space; on a busy machine the next key
 * can arrive before that and is lost. A timer queued now runs after the sensor's, so awaiting it is enough.
 */
export async function pickUpByKeyboard(page: Page): Promise<void> {
  await page.keyboard.press('Space');
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
}

export interface SpecServer {
  readonly process: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  log(): string;
  /** SIGTERM, SIGKILL after `graceMs` (5 s); resolves when the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts the built server for one spec on `port` with `env` over this process's environment (DATABASE_URL and
 * TEMPLATES_DIR removed unless `env` sets them: a spec's server uses its own files), and waits until /healthz answers
 * and the log shows `readyText`. Throws with the server's log when it exits first or does not start in time.
 */
export async function startServer(options: {
  port: number;
  env: Record<string, string | undefined>;
  readyText?: string;
  timeoutMs?: number;
}): Promise<SpecServer> {
  const { port: serverPort, readyText = 'listening', timeoutMs = 60_000 } = options;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: undefined,
    TEMPLATES_DIR: undefined,
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    // Links in mail point at this spec's server (production takes them from configuration only).
    EDITOR_PUBLIC_URL: `http://localhost:${serverPort}`,
    SITE_URL_TEMPLATE: `http://{slug}.localhost:${serverPort}`,
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  let log = '';
  let stopping = false;
  const child = spawn(process.execPath, [serverBundle], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  // A server that dies in the middle of a spec says why, not only the test that hits it next.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the spec's server on port ${serverPort} exited (${code ?? signal}):\n${log.slice(-4000)}`);
  });
  const server: SpecServer = {
    process: child,
    log: () => log,
    async stop(graceMs = 5_000) {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await gone;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (child.exitCode === null && child.signalCode === null) {
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server did not start within ${timeoutMs / 1000} s:\n${log}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${serverPort}/healthz`)).ok && log.includes(readyText)) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${log}`);
}

/** The environment of a spec's own server keeping every database and upload in `data` (a temporary folder). */
export const isolatedDataEnv = (data: string) => ({
  LEADS_DB: join(data, 'leads.sqlite'),
  ACCOUNTS_DB: join(data, 'accounts.sqlite'),
  RESERVATIONS_DB: join(data, 'reservations.sqlite'),
  TRADE_IN_DB: join(data, 'trade-in.sqlite'),
  TRADE_IN_UPLOADS_DIR: join(data, 'uploads'),
  EDITOR_DATA_DIR: join(data, 'editor'),
  VIEWS_DB: join(data, 'views.sqlite'),
  IMAGE_CACHE_DIR: join(data, 'image-cache'),
});

export interface EditorAccount {
  email: string;
  name: string;
  password: string;
  tenants: string[];
}

/**
 * An editor spec's own workspace: a temporary copy of the shipped tenants (which never change) and data of its own, with
 * staff accounts added by the accounts CLI as an admin adds them. Start its server with `startServer({ port, env })`.
 */
export function editorWorkspace(name: string, accounts: EditorAccount[], extraEnv: Record<string, string> = {}) {
  const work = mkdtempSync(join(tmpdir(), `e2e-${name}-`));
  const tenantsDir = join(work, 'tenants');
  cpSync(join(root, 'tenants'), tenantsDir, { recursive: true });
  const env: Record<string, string> = { ...isolatedDataEnv(join(work, 'data')), TENANTS_DIR: tenantsDir, ...extraEnv };
  for (const account of accounts) {
    const args = ['add', account.email, '--name', account.name, '--password', account.password, '--tenants', account.tenants.join(',')];
    const cli = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'tools/editor/accounts.ts'), ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
    if (cli.status !== 0) throw new Error(cli.stderr || cli.stdout);
  }
  return { work, tenantsDir, env };
}

/** The editor's preview of the draft: the site itself, in a frame. */
export const editorPreview = (page: Page) => page.frameLocator('iframe[title="Preview of the draft"]');

/**
 * Signs in to the editor at `base` as staff do (email, password, Sign in). With `site` (a site button's name), opens
 * that site and waits until `ready` (a selector, the first block by default) is in its preview, visible or, with
 * `attached`, at least in the document; without, stops at the list of sites.
 */
export async function signInToEditor(
  page: Page,
  base: string,
  account: { email: string; password: string },
  open?: { site: RegExp; ready?: string; attached?: boolean },
): Promise<void> {
  await page.goto(`${base}/editor`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (!open) return expect(page.getByRole('heading', { name: 'Your sites' })).toBeVisible();
  await page.getByRole('button', { name: open.site }).click();
  const ready = editorPreview(page).locator(open.ready ?? '[data-block-id="home-hero"]');
  if (open.attached) await expect(ready).toBeAttached();
  else await expect(ready).toBeVisible();
}

/** A day at least `ahead` days from today with no special hours yet in the editor's list (the demo sites list Christmas
 *  and other public holidays, which a fixed offset would hit some weeks of the year). */
export async function dayWithoutSpecialHours(editor: Page, ahead = 21): Promise<string> {
  const taken = await editor.locator('.special-hours li[data-date]').evaluateAll((els) => els.map((e) => e.getAttribute('data-date')));
  const dayAt = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  while (taken.includes(dayAt(ahead))) ahead++;
  return dayAt(ahead);
}

/** On a live location page: opens its Holiday Hours and expects `name` on `day` (YYYY-MM-DD) as Closed. */
export async function expectClosedInHolidayHours(live: Page, location: string, name: string, day: string) {
  await expect(live.locator('html')).toHaveAttribute('data-hydrated', /.*/);
  const opener = live.locator('.location-details .hours').first().getByRole('button', { name: 'View Holiday Hours' });
  await expect(async () => {
    await opener.click();
    await expect(live.getByRole('dialog', { name: `Holiday Hours: ${location}` })).toBeVisible({ timeout: 1000 });
  }).toPass();
  const [y, m, d] = day.split('-');
  const row = live.getByRole('dialog').locator('tbody tr', { hasText: name });
  await expect(row).toContainText(`${d}/${m}/${y}`);
  await expect(row).toContainText('Closed');
}
