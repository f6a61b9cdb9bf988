// Signing in and out: password sign-in (rate limited, known devices), sign-out here or everywhere, the session.
import type { Router } from 'express';
import { EMAIL_PATTERN, publicAccount } from '../accounts';
import { readCookie, deviceCookieName, sessionCookie, sessionCookieName } from '../http';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../password';
import { MAX_PASSWORD_LENGTH } from '../staff-accounts';
import type { SignInAttempt } from '../../accounts/sign-in-limiter';
import { waitText } from '../../domain/accounts/messages';
import { editorDeviceKey, SESSION_SECONDS, tooMany, type EditorApi } from './context';

export function sessionsRoutes(router: Router, api: EditorApi): void {
  const { log, sessions, signInLimiter, devices, json, rememberDevice } = api;
  const { accounts } = api.options;
  router.post('/api/login', json, async (req, res) => {
    const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : '';
    const password = typeof req.body?.password === 'string' ? req.body.password : '';
    // Not a guess at any account: answered before it counts against anyone's limits.
    if (!EMAIL_PATTERN.test(email) || email.length > 254 || !password || password.length > MAX_PASSWORD_LENGTH)
      return res.status(400).json({ error: 'Enter your email address and your password.' });
    // The whole editor is one budget (site "editor"): spraying staff accounts from many addresses slows sign-ins down.
    const attempt: SignInAttempt = {
      site: 'editor',
      address: req.ip ?? '',
      account: email,
      knownDevice: devices.knows(editorDeviceKey(email), readCookie(req, deviceCookieName(req))),
    };
    const verdict = await signInLimiter.begin(attempt);
    if (!verdict.ok)
      return tooMany(
        res,
        verdict.retryAfterSeconds,
        verdict.reason === 'account'
          ? `Too many failed sign-ins to this account. Try again in ${waitText(verdict.retryAfterSeconds)}, or use "Forgotten your password?".`
          : undefined,
      );
    const account = accounts.find(email);
    // An unknown, invited (no password yet) or disabled account takes as long as a wrong password: no enumeration.
    const usable = account && account.passwordHash && !account.disabled ? account : undefined;
    const ok = usable ? await verifyPassword(password, usable.passwordHash) : (await verifyPassword(password, await dummyHash()), false);
    if (!ok || !account || account.disabled) {
      await signInLimiter.failed(attempt);
      return res.status(401).json({ error: 'The email or password is not right.' });
    }
    await signInLimiter.succeeded(attempt);
    if (needsRehash(account.passwordHash)) {
      // An older, cheaper hash: replace it now that the password is known (the sign-in goes on if that fails).
      try {
        const upgraded = await hashPassword(password);
        accounts.update(account.email, (a) => (a.passwordHash = upgraded));
      } catch (e) {
        log(`editor: could not rehash the password of ${account.email}`, e);
      }
    }
    await sessions.destroy(readCookie(req, sessionCookieName(req)));
    const session = await sessions.create(account.email);
    res.set('set-cookie', sessionCookie(req, session.token, SESSION_SECONDS));
    rememberDevice(req, res, account.email);
    res.json({ account: publicAccount(account), csrf: session.csrf });
  });

  router.post('/api/logout', async (req, res) => {
    await sessions.destroy(req.editorSession?.token);
    res.set('set-cookie', sessionCookie(req, '', 0));
    res.json({ ok: true });
  });

  // Ends every session of the signed-in account, in every browser and server process (a lost laptop, a shared PC).
  router.post('/api/logout-everywhere', async (req, res) => {
    if (!req.editorAccount) return res.status(401).json({ error: 'Please sign in.' });
    const ended = await sessions.destroyAll(req.editorAccount.email);
    res.set('set-cookie', sessionCookie(req, '', 0));
    res.json({ ok: true, ended });
  });

  // Not being signed in is a normal answer here (the editor then shows the sign-in form), not an error.
  router.get('/api/session', (req, res) => {
    if (!req.editorAccount) return res.json({ account: null });
    res.json({ account: publicAccount(req.editorAccount), csrf: req.editorSession!.csrf });
  });
}
