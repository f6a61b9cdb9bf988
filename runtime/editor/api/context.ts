// What every part of the editor's API shares: the options, the stores, the body parser and the guards.
import type { NextFunction, Request, Response } from 'express';
import type { RuntimeServices } from '../../services';
import type { RateLimits } from '../../infra/rate-limit';
import { KNOWN_DEVICE_DAYS, type KnownDevices } from '../../accounts/known-device';
import type { SignInLimiter } from '../../accounts/sign-in-limiter';
import { mayEdit } from '../accounts';
import { deviceCookie } from '../http';
import type { EditorOptions } from '../routes';
import type { SessionStore } from '../sessions';
import type { jsonBody } from '../../server/json-body';

export const SESSION_SECONDS = 8 * 60 * 60;
/** What identifies a staff account to the known-device cookie. */
export const editorDeviceKey = (email: string) => `editor|${email}`;

export const FORBIDDEN = { error: 'You do not have access to this site.' };

interface EditorApiParts {
  services: RuntimeServices;
  log: (message: string, error?: unknown) => void;
  sessions: SessionStore;
  limits: RateLimits;
  signInLimiter: SignInLimiter;
  devices: KnownDevices;
  /** JSON bodies up to 5 MB (a whole document). */
  json: ReturnType<typeof jsonBody>;
}

export type EditorApi = ReturnType<typeof editorApi>;

export function editorApi(options: EditorOptions, parts: EditorApiParts) {
  const { documents } = options;
  const signedIn = (req: Request, res: Response, next: NextFunction) => (req.editorAccount ? next() : res.status(401).json({ error: 'Please sign in.' }));
  const admin = (req: Request, res: Response, next: NextFunction) =>
    req.editorAccount?.admin ? next() : res.status(403).json({ error: 'Only a platform admin may do this.' });
  // A tenant the account may not edit gets the same answer whether or not it exists.
  const granted = async (req: Request, res: Response, next: NextFunction) => {
    const slug = String(req.params.slug);
    if (!mayEdit(req.editorAccount!, slug)) return res.status(403).json(FORBIDDEN);
    if (!(await documents.exists(slug))) return res.status(404).json({ error: 'There is no site with this id.' });
    next();
  };
  // After the session cookie: clients that read only the first Set-Cookie still find the session.
  const rememberDevice = (req: Request, res: Response, email: string) =>
    res.append('set-cookie', deviceCookie(req, parts.devices.issue(editorDeviceKey(email)), KNOWN_DEVICE_DAYS * 86_400));
  return { ...parts, options, signedIn, admin, granted, rememberDevice };
}

export function tooMany(res: Response, retryAfterSeconds: number, message?: string) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  res.set('retry-after', String(retryAfterSeconds));
  return res
    .status(429)
    .json({ error: message ?? `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retry_after: retryAfterSeconds });
}
