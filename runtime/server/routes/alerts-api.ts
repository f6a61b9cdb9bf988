// Shopper alerts over HTTP, for the site of the Host the request arrives on:
//   GET  /api/alerts/unsubscribe?a&alert&t   a page with one button that stops the alert (the mail's "Stop this alert")
//   POST /api/alerts/unsubscribe?a&alert&t   stops it: the RFC 8058 one-click POST (List-Unsubscribe=One-Click) or the
//                                            page's button; the signed token is the authority, so no session or CSRF
//   GET  /api/alerts                         the signed-in shopper's alerts, their frequency and choices, and a bounce
//   POST /api/alerts/frequency               { alert, frequency } (same CSRF rules as the other account calls)
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { SqlAlertStore } from '../../accounts/alert-store';
import type { AlertJob } from '../../accounts/alerts/job';
import { alertFrequency } from '../../accounts/alerts/job';
import type { AlertLinks } from '../../accounts/alerts/links';
import { ALERT_UNSUBSCRIBE_PATH } from '../../accounts/alerts/links';
import { isAlertFrequency } from '../../domain/alerts';
import { resolvedSettings } from '../../domain/settings';
import type { RuntimeServices } from '../../services';
import { csrfOk } from './accounts-api';
import { ALERT_MESSAGES } from '../../domain/alerts';
import { sameSite } from './leads-api';

declare module '../../services' {
  interface RuntimeServices {
    /** Shopper alerts: their store (in the accounts database), the signed stop links and the job. */
    alerts?: { store: SqlAlertStore; links: AlertLinks; job?: AlertJob };
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>body{font-family:Arial,Helvetica,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1d1f23;line-height:1.5}button{font:inherit;padding:.7rem 1.2rem;min-height:44px;background:#1d1f23;color:#fff;border:0;border-radius:4px;cursor:pointer}</style></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;

export function alertsApi(services: RuntimeServices, options: { log?: (m: string, e?: unknown) => void } = {}): Router {
  const router = express.Router();
  const log = options.log ?? ((m: string, e?: unknown) => console.error(m, e ?? ''));
  const form = express.urlencoded({ extended: false, limit: '2kb' });
  const json = express.json({ limit: '2kb', type: ['application/json', 'text/plain'] });

  /** The account and alert a stop link names, when its token is good for them. */
  async function linkTarget(req: Request) {
    const alerts = services.alerts;
    const accountId = typeof req.query.a === 'string' ? req.query.a : '';
    if (!alerts || !services.accounts || !accountId || accountId.length > 100) return undefined;
    const account = await services.accounts.store.accountById(req.tenant!.slug, accountId);
    if (!account || !alerts.links.verify(req.tenant!.slug, account.id, account.email, req.query.alert, req.query.t)) return undefined;
    return { account, alertId: req.query.alert as string };
  }

  router.get(ALERT_UNSUBSCRIBE_PATH, async (req: Request, res: Response, next: NextFunction) => {
    try {
      res.set('cache-control', 'no-store');
      const target = await linkTarget(req);
      if (!target)
        return res
          .status(400)
          .type('html')
          .send(page('Stop this alert', `<p>${esc(ALERT_MESSAGES.badLink)}</p>`));
      // A page, not the stop itself: mail scanners open links, and only a person presses the button.
      res
        .type('html')
        .send(
          page(
            'Stop this alert',
            `<p>Stop emails for this alert to ${esc(target.account.email)}?</p><form method="post"><button type="submit" name="confirm" value="1">Stop this alert</button></form>`,
          ),
        );
    } catch (e) {
      next(e);
    }
  });

  router.post(ALERT_UNSUBSCRIBE_PATH, form, async (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const fromPage = req.body?.confirm === '1';
    const answer = (status: number, message: string) =>
      fromPage
        ? res
            .status(status)
            .type('html')
            .send(page('Stop this alert', `<p role="status">${esc(message)}</p>`))
        : res.status(status).json(status < 300 ? { unsubscribed: true, message } : { error: message });
    try {
      const target = await linkTarget(req);
      if (!target) return answer(400, ALERT_MESSAGES.badLink);
      await services.alerts!.store.setFrequency(req.tenant!.slug, target.account.id, target.alertId, 'off');
      return answer(200, ALERT_MESSAGES.stopped);
    } catch (e) {
      log(`alert unsubscribe failed for ${req.tenant?.slug}`, e);
      return answer(503, ALERT_MESSAGES.unavailable);
    }
  });

  router.use('/api/alerts', (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/unsubscribe') return next();
    res.set('cache-control', 'no-store');
    if (!services.alerts || !services.accounts) return res.status(503).json({ error: ALERT_MESSAGES.unavailable });
    if (req.method !== 'GET' && req.method !== 'HEAD' && (!sameSite(req) || !csrfOk(req)))
      return res.status(403).json({ error: 'This request did not come from this site. Reload the page and try again.' });
    next();
  });

  router.get('/api/alerts', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const account = await req.shopperLookup?.();
      if (!account) return res.status(401).json({ error: ALERT_MESSAGES.signedOut });
      const tenant = req.tenant!;
      const a = resolvedSettings(tenant.settings).alerts;
      const { store } = services.alerts!;
      const [chosen, searches, watchlist, bounce] = await Promise.all([
        store.frequencies(tenant.slug, account.id),
        services.accounts!.store.savedSearches(tenant.slug, account.id),
        services.accounts!.store.watchlist(tenant.slug, account.id),
        store.bounced(tenant.slug, account.email),
      ]);
      res.json({
        enabled: a.enabled,
        frequencies: a.frequencies,
        alerts: [
          ...(a.savedSearches
            ? searches.map((s) => ({ id: `search:${s.id}`, name: s.name, frequency: alertFrequency(tenant, `search:${s.id}`, chosen.get(`search:${s.id}`)) }))
            : []),
          ...(a.watchlist
            ? [{ id: 'watchlist', name: 'Watchlist', cars: watchlist.length, frequency: alertFrequency(tenant, 'watchlist', chosen.get('watchlist')) }]
            : []),
        ],
        bounced: bounce ? ALERT_MESSAGES.bounced(account.email) : null,
      });
    } catch (e) {
      next(e);
    }
  });

  router.post('/api/alerts/frequency', json, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const account = await req.shopperLookup?.();
      if (!account) return res.status(401).json({ error: ALERT_MESSAGES.signedOut });
      const tenant = req.tenant!;
      const a = resolvedSettings(tenant.settings).alerts;
      const body = (req.body ?? {}) as { alert?: unknown; frequency?: unknown };
      const searches = await services.accounts!.store.savedSearches(tenant.slug, account.id);
      const known = new Set(['watchlist', ...searches.map((s) => `search:${s.id}`)]);
      if (typeof body.alert !== 'string' || !known.has(body.alert)) return res.status(400).json({ error: ALERT_MESSAGES.badAlert });
      const choices: string[] = a.frequencies;
      if (!isAlertFrequency(body.frequency) || !choices.includes(body.frequency)) return res.status(400).json({ error: ALERT_MESSAGES.badFrequency(choices) });
      const { store } = services.alerts!;
      await store.setFrequency(tenant.slug, account.id, body.alert, body.frequency);
      // Turning an alert on from the account page is the shopper saying the address works: a paused address is tried
      // again (a changed address was never paused: pauses are per address).
      const resumed = body.frequency !== 'off' && (await store.clearBounce(tenant.slug, account.email));
      res.json({ alert: body.alert, frequency: body.frequency, ...(resumed ? { resumed: ALERT_MESSAGES.resumed(account.email) } : {}) });
    } catch (e) {
      next(e);
    }
  });

  return router;
}
