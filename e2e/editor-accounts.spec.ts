// Editor accounts in Chromium (issue 19): a platform admin invites a staff member from the accounts page, the mail
// reaches a local SMTP sink, the staff member opens the one-time link, sets a password, is signed in and sees only
// the site granted; they publish, and the site's audit log shows the publish. Its own server on E2E_PORT+17, with a
// temporary copy of the tenants and editor data, and the platform admin made at start (EDITOR_ADMIN_EMAIL).
import { expect, test } from '@playwright/test';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { port as mainPort, root, watchErrors, type SpecServer, startServer } from './helpers';
import { captured } from '../test-support/captured';

const port = mainPort + 17;
const base = `http://localhost:${port}`;
const ADMIN = 'ada@platform.example';
const ADMIN_PASSWORD = 'platform-admin-2025';
const STAFF = 'nina@bigsky.example';
const STAFF_PASSWORD = 'ninas-showroom-2025';

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

let server: SpecServer | undefined;
let workDir = '';
const mails: { to: string; text: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let text = '';
    stream.on('data', (c) => (text += c));
    stream.on('end', () => {
      // Quoted-printable soft breaks and '=' escapes, so the link reads as sent.
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: text.replace(/=\r?\n/g, '').replace(/=3D/g, '=') });
      done();
    });
  },
});

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  workDir = mkdtempSync(join(tmpdir(), 'e2e-editor-accounts-'));
  cpSync(join(root, 'tenants'), join(workDir, 'tenants'), { recursive: true });
  server = await startServer({
    port,
    env: {
      TENANTS_DIR: join(workDir, 'tenants'),
      EDITOR_DATA_DIR: join(workDir, 'editor'),
      ACCOUNTS_DB: join(workDir, 'accounts.sqlite'),
      LEADS_DB: join(workDir, 'leads.sqlite'),
      EDITOR_ADMIN_EMAIL: ADMIN,
      EDITOR_ADMIN_PASSWORD: ADMIN_PASSWORD,
      EDITOR_ADMIN_NAME: 'Ada Platform',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      ACCOUNT_MAIL_POLL_MS: '200',
      CRM_ALLOW_HOSTS: '127.0.0.1',
      INVENTORY_SIZE: '2000',
    },
    readyText: 'created the platform admin',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(workDir, { recursive: true, force: true });
});

test('an admin invites a staff member, who sets a password from the mailed link, sees only their site and publishes; the audit log shows it', async ({
  browser,
}) => {
  const adminPage = await (await browser.newContext()).newPage();
  const errors = watchErrors(adminPage);
  await adminPage.goto(`${base}/editor`);
  await adminPage.getByLabel('Email').fill(ADMIN);
  await adminPage.getByLabel('Password').fill(ADMIN_PASSWORD);
  await adminPage.getByRole('button', { name: 'Sign in' }).click();
  await adminPage.getByRole('button', { name: 'Accounts' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Accounts' })).toBeVisible();
  await expect(adminPage.locator(`[data-account="${ADMIN}"]`)).toContainText('Platform admin');

  const invite = adminPage.getByRole('form', { name: 'Invite a staff member' });
  await invite.getByLabel('Email').fill(STAFF);
  await invite.getByLabel('Name').fill('Nina Nguyen');
  await invite.getByLabel('Big Sky Car Supermarket').check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(adminPage.getByRole('status')).toContainText(`${STAFF} will get a link to choose a password`);
  await expect(adminPage.locator(`[data-account="${STAFF}"]`)).toContainText('Invited (no password yet)');

  // The mail sink receives the invitation with its one-time link.
  await expect.poll(() => mails.filter((m) => m.to === STAFF).length, { timeout: 15_000 }).toBe(1);
  const link = /(http:\/\/\S+\/editor\/set-password#[\w-]+)/.exec(mails.find((m) => m.to === STAFF)!.text)?.[1];
  expect(link).toBeTruthy();

  const staffPage = await (await browser.newContext()).newPage();
  const staffErrors = watchErrors(staffPage);
  await staffPage.goto(link!);
  await expect(staffPage.getByRole('heading', { name: 'Welcome to the site editor' })).toBeVisible();
  await expect(staffPage.getByText(`Nina Nguyen (${STAFF})`)).toBeVisible();
  await staffPage.getByLabel('New password', { exact: true }).fill(STAFF_PASSWORD);
  await staffPage.getByLabel('Repeat the new password').fill(STAFF_PASSWORD);
  await staffPage.getByRole('button', { name: 'Set password and sign in' }).click();
  // Signed in, with only the granted site.
  await expect(staffPage.getByRole('heading', { name: 'Your sites' })).toBeVisible();
  await expect(staffPage.getByRole('list', { name: 'Sites you can edit' }).getByRole('button')).toHaveText([/Big Sky Car Supermarket/]);
  await expect(staffPage.getByRole('button', { name: 'Accounts' })).toHaveCount(0);

  // The link worked once: opening it again says so.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link!);
  await expect(again.getByRole('alert')).toHaveText('This link has expired or has already been used. Ask a platform admin to send a new one.');

  // The admin's list shows the account active now.
  await adminPage.reload();
  await adminPage.getByRole('button', { name: 'Accounts' }).click();
  await expect(adminPage.locator(`[data-account="${STAFF}"]`)).toContainText('Active');

  // The staff member publishes; the audit log names them and the revision.
  await staffPage.getByRole('button', { name: /Big Sky Car Supermarket/ }).click();
  // Nothing to publish until there is a change.
  await expect(staffPage.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await staffPage.locator('[data-outline-id="home-hero"] .outline-select').click();
  await staffPage
    .getByRole('form', { name: 'Properties of home-hero' })
    .getByRole('textbox', { name: /^Heading/ })
    .fill('Nina was here');
  await staffPage.getByRole('button', { name: 'Publish', exact: true }).click();
  const published = staffPage.getByText(/Published revision (\d+)\./);
  await expect(published).toBeVisible();
  const rev = /Published revision (\d+)\./.exec((await published.textContent()) ?? '')![1];
  await staffPage.getByRole('tab', { name: 'History' }).click();
  const entry = staffPage.getByRole('region', { name: 'Audit log' }).locator('li').first();
  await expect(entry).toContainText(`Nina Nguyen (${STAFF}) published revision ${rev}`);
  expect(errors).toEqual([]);
  expect(staffErrors).toEqual([]);
});

test('staff change their own password (other sessions end); an admin mails a reset link, then disables the account, which is signed out at once', async ({
  browser,
}) => {
  const signIn = async (email: string, password: string) => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/editor`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Your sites' })).toBeVisible();
    return page;
  };
  const staffPage = await signIn(STAFF, STAFF_PASSWORD);
  const otherBrowser = await signIn(STAFF, STAFF_PASSWORD);

  await staffPage.getByRole('button', { name: 'Change password' }).click();
  await staffPage.getByLabel('Current password').fill('not my password');
  await staffPage.getByLabel('New password', { exact: true }).fill('a changed password 1');
  await staffPage.getByLabel('Repeat the new password').fill('a changed password 1');
  await staffPage.getByRole('button', { name: 'Change password' }).click();
  await expect(staffPage.getByRole('alert')).toHaveText('Your current password is not right.');
  await staffPage.getByLabel('Current password').fill(STAFF_PASSWORD);
  await staffPage.getByRole('button', { name: 'Change password' }).click();
  await expect(staffPage.getByRole('status')).toHaveText('Your password was changed. You were signed out everywhere else.');
  // The other browser is signed out; this one goes on.
  await otherBrowser.reload();
  await expect(otherBrowser.getByRole('heading', { name: 'Sign in to the site editor' })).toBeVisible();
  await staffPage.getByRole('button', { name: 'Back to your sites' }).click();
  await staffPage.reload();
  await expect(staffPage.getByRole('heading', { name: 'Your sites' })).toBeVisible();

  // The admin mails a reset link; it sets a new password and signs the staff member in.
  const adminPage = await signIn(ADMIN, ADMIN_PASSWORD);
  await adminPage.getByRole('button', { name: 'Accounts' }).click();
  const row = adminPage.locator(`[data-account="${STAFF}"]`);
  const sent = mails.filter((m) => m.to === STAFF).length;
  await row.getByRole('button', { name: 'Send a password reset link' }).click();
  await expect(adminPage.getByRole('status')).toContainText(`A password link was sent. (to ${STAFF})`);
  await expect.poll(() => mails.filter((m) => m.to === STAFF).length, { timeout: 15_000 }).toBe(sent + 1);
  const link = captured(/(http:\/\/\S+\/editor\/set-password#[\w-]+)/, mails.filter((m) => m.to === STAFF).at(-1)!.text);
  const resetPage = await (await browser.newContext()).newPage();
  await resetPage.goto(link);
  await expect(resetPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await resetPage.getByLabel('New password', { exact: true }).fill('a reset password 22');
  await resetPage.getByLabel('Repeat the new password').fill('a reset password 22');
  await resetPage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(resetPage.getByRole('heading', { name: 'Your sites' })).toBeVisible();

  // Disabled: signed out at once, and the password no longer signs in.
  adminPage.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  await resetPage.reload();
  await expect(resetPage.getByRole('heading', { name: 'Sign in to the site editor' })).toBeVisible();
  await resetPage.getByLabel('Email').fill(STAFF);
  await resetPage.getByLabel('Password').fill('a reset password 22');
  await resetPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(resetPage.getByRole('alert')).toHaveText('The email or password is not right.');
});
