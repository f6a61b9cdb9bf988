// POST /api/unsubscribe {email, token?}: records that the address wants no more marketing email from the site of the
// Host it arrives on. 200 { unsubscribed: true, message } once the record is committed, the same answer whether or not
// the address was on the list already (it must not tell anyone who is on it). A link from a mail carries a token signed
// for the site and the address (runtime/unsubscribe/links.ts); a token that does not match is refused (400), and the
// form, without a token, is accepted as it tells nothing either. 400 { error, fields } for a bad address, 403 from
// another site, 429 when one client sends too many, 503 when the store cannot take it right now.
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_MESSAGES, unsubscribeEmail } from '../../domain/unsubscribe';
import type { UnsubscribeLinkSigner, UnsubscribeStore } from '../../unsubscribe';
import type { RuntimeServices } from '../../services';
import { RateLimits, tooManyRequests, type RateLimitRule } from '../../infra/rate-limit';
import { jsonBody } from '../json-body';
import { sameSite } from './leads-api';

declare module '../../services' {
  interface RuntimeServices {
    /** Unsubscribed email addresses per site (runtime/unsubscribe). */
    unsubscribes?: UnsubscribeStore;
    /** Signs and checks the unsubscribe links of mails (runtime/unsubscribe/links.ts). */
    unsubscribeLinks?: UnsubscribeLinkSigner;
  }
}

/** Unsubscribe posts per site and client address. */
const UNSUBSCRIBE_POSTS: RateLimitRule = { name: 'unsubscribe-posts', points: 10, windowSeconds: 60 };

export function unsubscribeApi(services: RuntimeServices, options: { log?: (m: string, e?: unknown) => void; now?: () => number } = {}): Router {
  const router = express.Router();
  const limits = services.rateLimits ?? RateLimits.memory();
  const log = options.log ?? ((m: string, e?: unknown) => console.error(m, e ?? ''));
  const now = options.now ?? Date.now;

  router.post(
    UNSUBSCRIBE_API_PATH,
    async (req: Request, res: Response, next: NextFunction) => {
      res.set('cache-control', 'no-store');
      if (!sameSite(req)) return res.status(403).json({ error: UNSUBSCRIBE_MESSAGES.wrongSite });
      const verdict = await limits.consume(UNSUBSCRIBE_POSTS, `${req.tenant!.slug}|${req.ip}`);
      if (!verdict.allowed) return tooManyRequests(res, verdict, UNSUBSCRIBE_MESSAGES.rateLimited);
      next();
    },
    jsonBody({ limit: '2kb' }),
    async (req: Request, res: Response) => {
      const store = services.unsubscribes;
      if (!store) return res.status(503).json({ error: UNSUBSCRIBE_MESSAGES.failed });
      const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
      const input = unsubscribeEmail(body.email);
      if (!input.ok) return res.status(400).json({ error: input.message, fields: { email: input.message } });
      if (body.token !== undefined && !services.unsubscribeLinks?.verify(req.tenant!.slug, input.email, body.token))
        return res.status(400).json({ error: UNSUBSCRIBE_MESSAGES.badLink });
      try {
        await store.add({ tenant: req.tenant!.slug, email: input.email, createdAt: now() });
        res.status(200).json({ unsubscribed: true, message: UNSUBSCRIBE_MESSAGES.done });
      } catch (error) {
        log(`unsubscribe not stored for ${req.tenant!.slug}`, error);
        res.status(503).json({ error: UNSUBSCRIBE_MESSAGES.failed });
      }
    },
  );

  router.use(UNSUBSCRIBE_API_PATH, (error: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (error?.type === 'entity.too.large') return res.status(413).json({ error: 'This form is too large to send.' });
    if (error?.status && error.status >= 400 && error.status < 500) return res.status(400).json({ error: 'The request body is not valid JSON.' });
    next(error);
  });
  return router;
}
