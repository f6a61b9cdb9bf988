// Staff accounts (platform admins only), forgotten passwords, one-time links (invites and resets) and changing
// one's own password.
import type { Request, Response, Router } from 'express';
import { AccountError, publicAccount } from '../accounts';
import { readCookie, sessionCookie, sessionCookieName } from '../http';
import { LINK_NOT_VALID, StaffAccountError } from '../staff-accounts';
import { PASSWORD_RESET_REQUESTS } from '../../infra/rate-limit';
import { isServerBusy } from '../../infra/http-errors';
import { waitText } from '../../domain/accounts/messages';
import { SESSION_SECONDS, tooMany, type EditorApi } from './context';

export function accountsRoutes(router: Router, api: EditorApi): void {
  const { options, log, sessions, limits, json, signedIn, admin, rememberDevice } = api;
  const { documents, accounts } = api.options;
  // Staff accounts: platform admins only; each operation checks its input (staff-accounts.ts).
  const staffCall = (work: (req: Request, res: Response) => Promise<unknown>) => async (req: Request, res: Response) => {
    if (!options.staff) return res.status(404).json({ error: 'Accounts cannot be managed on this server.' });
    try {
      await work(req, res);
    } catch (e) {
      if (isServerBusy(e)) throw e; // 503 with Retry-After, from the app's error handler
      if (e instanceof StaffAccountError) return res.status(e.status).json({ error: e.message });
      if (e instanceof AccountError) return res.status(400).json({ error: e.message });
      log('editor: accounts', e);
      res.status(503).json({ error: 'The change could not be stored. Nothing was changed; please try again.' });
    }
  };
  // Links in staff mail: the configured origin only (a forged Host once put an attacker's address into a reset link).
  const linkOrigin = options.publicUrl.replace(/\/+$/, '');
  router.get('/api/accounts', signedIn, admin, async (_req, res) => res.json({ accounts: accounts.all().map(publicAccount), sites: await documents.list() }));
  router.post(
    '/api/accounts',
    signedIn,
    admin,
    json,
    staffCall(async (req, res) => {
      res.status(201).json({ account: await options.staff!.invite(req.body, linkOrigin), message: 'The invitation was sent.' });
    }),
  );
  router.post(
    '/api/accounts/:email/grants',
    signedIn,
    admin,
    json,
    staffCall(async (req, res) => {
      res.json({ account: options.staff!.grant(String(req.params.email), req.body?.sites ?? req.body?.tenants, !!req.body?.revoke) });
    }),
  );
  router.post(
    '/api/accounts/:email/password-link',
    signedIn,
    admin,
    json,
    staffCall(async (req, res) => {
      res.json({ account: await options.staff!.sendReset(String(req.params.email), linkOrigin), message: 'A password link was sent.' });
    }),
  );
  router.post(
    '/api/accounts/:email/disabled',
    signedIn,
    admin,
    json,
    staffCall(async (req, res) => {
      res.json({ account: await options.staff!.setDisabled(String(req.params.email), req.body?.disabled, req.editorAccount!) });
    }),
  );

  // Forgotten password: the same answer whether or not the account exists.
  router.post(
    '/api/password-reset',
    json,
    staffCall(async (req, res) => {
      const verdict = await limits.consume(PASSWORD_RESET_REQUESTS, req.ip ?? '');
      if (!verdict.allowed)
        return tooMany(res, verdict.retryAfterSeconds, `Too many password reset requests. Try again in ${waitText(verdict.retryAfterSeconds)}.`);
      // At most a few mails per account per hour whatever the address (staff-accounts.ts); the answer is the same.
      await options.staff!.requestReset(req.body?.email, linkOrigin);
      res.status(202).json({ message: 'If an account exists for this email, a link to choose a new password is on its way.' });
    }),
  );

  // One-time links: whether one works (the page shows the form or says it has expired), and using it.
  router.get(
    '/api/links/:token',
    staffCall(async (req, res) => {
      const info = await options.staff!.linkInfo(String(req.params.token));
      if (!info) return res.status(410).json({ error: LINK_NOT_VALID });
      res.json(info);
    }),
  );
  router.post(
    '/api/links/:token',
    json,
    staffCall(async (req, res) => {
      const account = await options.staff!.redeem(String(req.params.token), req.body?.password);
      await sessions.destroy(readCookie(req, sessionCookieName(req)));
      const session = await sessions.create(account.email);
      res.set('set-cookie', sessionCookie(req, session.token, SESSION_SECONDS));
      // Setting a password from a mailed link proves the mailbox: this browser is the owner's.
      rememberDevice(req, res, account.email);
      res.json({ account: publicAccount(account), csrf: session.csrf });
    }),
  );

  // Staff change their own password; other sessions end and this browser gets a new one.
  router.post(
    '/api/password',
    signedIn,
    json,
    staffCall(async (req, res) => {
      await options.staff!.changeOwnPassword(req.editorAccount!, req.body?.current, req.body?.password);
      const session = await sessions.create(req.editorAccount!.email);
      res.set('set-cookie', sessionCookie(req, session.token, SESSION_SECONDS));
      res.json({ csrf: session.csrf, message: 'Your password was changed. You were signed out everywhere else.' });
    }),
  );
}
