// POST /api/leads: a lead form submission (JSON, see LeadSubmission in runtime/domain/leads/submission.ts) for the
// site of the Host it arrives on. 201 { lead_id } once the lead is durably stored; otherwise a 4xx with
// { error, fields? } naming each bad field, 413 for a body over 32 kB, 403 when Origin/Referer is another site,
// 429 when one client sends too many, 503 when leads cannot be taken right now.
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { IDEMPOTENCY_HEADER, LEAD_MESSAGES, LEADS_API_PATH } from '../../domain/leads';
import type { LeadService } from '../../leads/service';
import type { RuntimeServices } from '../../services';
import { LEAD_POSTS, RateLimits, tooManyRequests } from '../../infra/rate-limit';
import { hostName } from '../tenant-registry';
import { jsonBody } from '../json-body';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../infra/http-errors';

declare module '../../services' {
  interface RuntimeServices {
    /** Accepts lead form submissions (runtime/leads). */
    leads?: LeadService;
  }
}

const LEADS_BODY_LIMIT = '32kb';
const DEFAULT_PER_MINUTE = 10;

/** Browsers send Origin (or at least Referer) with a POST: it must name the site the request is addressed to. */
export function sameSite(req: Request): boolean {
  const source = req.headers.origin ?? req.headers.referer;
  if (!source) return true; // not a browser form post (server-to-server, curl); the other checks still apply
  if (source === 'null') return false;
  try {
    const from = new URL(source);
    return hostName(from.host) === hostName(req.headers.host) && (from.port || '') === (portOf(req.headers.host) || '');
  } catch {
    return false;
  }
}

function portOf(host: string | undefined): string {
  const m = /:(\d+)$/.exec(host ?? '');
  return m?.[1] ?? '';
}

export function leadsApi(services: RuntimeServices, options: { log?: (m: string, e?: unknown) => void } = {}): Router {
  const router = express.Router();
  const limits = services.rateLimits ?? RateLimits.memory();
  const log = options.log ?? ((m: string, e?: unknown) => console.error(m, e ?? ''));

  router.post(
    LEADS_API_PATH,
    async (req: Request, res: Response, next: NextFunction) => {
      res.set('cache-control', 'no-store');
      if (!sameSite(req)) return res.status(403).json({ error: LEAD_MESSAGES.wrongSite });
      // biome-ignore lint/suspicious/noExplicitAny: tenant settings read by path; Ajv checked them and the settings schema gives their defaults
      const settings = (req.tenant!.settings ?? {}) as Record<string, any>;
      const limit = settings.leads?.limits?.perClientPerMinute ?? DEFAULT_PER_MINUTE;
      const verdict = await limits.consume(LEAD_POSTS, `${req.tenant!.slug}|${req.ip}`, { points: limit });
      if (!verdict.allowed) return tooManyRequests(res, verdict, LEAD_MESSAGES.rateLimited);
      next();
    },
    jsonBody({ limit: LEADS_BODY_LIMIT, type: ['application/json', 'application/*+json', 'text/plain'] }),
    async (req: Request, res: Response) => {
      const service = services.leads;
      if (!service) return res.status(503).json({ error: LEAD_MESSAGES.submitFailed });
      if (req.body === undefined) return res.status(415).json({ error: 'Send the form as JSON (Content-Type: application/json).' });
      try {
        const result = await service.submit(req.tenant!, req.body, {
          idempotencyKey: req.get(IDEMPOTENCY_HEADER) ?? undefined,
          userAgent: req.get('user-agent') ?? '',
          referer: req.get('referer') ?? undefined,
          // Links stored with the lead (trade-in photos for staff) point at the configured address, never this request's Host.
          origin: services.publicUrls?.site(req.tenant!),
        });
        if (result.replayed) res.set('idempotent-replayed', 'true');
        res.status(result.status).json(result.body);
      } catch (error) {
        log(`lead not stored for ${req.tenant!.slug}`, error);
        // Nothing was stored: the form may send it again (same idempotency key) once the store answers.
        res.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).status(503).json({ error: LEAD_MESSAGES.submitFailed });
      }
    },
  );

  // Body parser errors: too large, malformed JSON.
  router.use(LEADS_API_PATH, (error: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (error?.type === 'entity.too.large') return res.status(413).json({ error: LEAD_MESSAGES.tooLarge });
    if (error?.type === 'entity.parse.failed') return res.status(400).json({ error: 'The request body is not valid JSON.' });
    if (error?.type === 'entity.too.deep') return res.status(400).json({ error: 'The request body is nested too deeply.' });
    if (error?.status && error.status >= 400 && error.status < 500) return res.status(error.status).json({ error: LEAD_MESSAGES.submitFailed });
    next(error);
  });

  return router;
}
