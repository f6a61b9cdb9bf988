// What operators see of a running server: one JSON log line per request (pino) carrying a request id that every other
// log line of that request repeats, Prometheus metrics at /metrics, and the probes a load balancer asks:
// /healthz (the process is up) and /readyz (its database, search and tenants answer, and it is not shutting down).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import pino, { type Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type { Logger } from 'pino';

/**
 * The process's logger: JSON lines on stdout, level from LOG_LEVEL (default info; 'silent' in tests that want quiet).
 * Written asynchronously and in batches: a write per request line was 6% (blocking) and then about 10% (one
 * asynchronous write each) of a page's CPU. Lines gather to 4 KB or for at most LOG_FLUSH_MS (250 ms) before they go
 * out together; pino writes what is left when the process exits.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  const destination = pino.destination({ sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      destination.flush(); // waits by itself for a write under way
    } catch {
      // closed at shutdown: nothing left to send
    }
  }, LOG_FLUSH_MS).unref();
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}
const LOG_FLUSH_MS = 250;

/** A logger that writes nothing (metrics without request logs). */
export const silentLogger: Logger = pino({ level: 'silent' });

type RequestContext = { requestId: string; tenant?: string };
const requestContext = new AsyncLocalStorage<RequestContext>();

/** A `log(message, error?)` for the app's modules that writes through the logger with the current request's id. */
export function errorLog(logger: Logger): (message: string, error?: unknown) => void {
  return (message, error) => {
    const ctx = requestContext.getStore();
    logger.error({ req_id: ctx?.requestId, tenant: ctx?.tenant, ...(error === undefined || error === '' ? {} : { err: error }) }, message);
  };
}

// An id a proxy already gave the request is kept when it looks like an id; anything else gets a fresh one.
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export class ServerMetrics {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by tenant, route and status class',
    labelNames: ['tenant', 'route', 'method', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly searchDuration = new Histogram({
    name: 'search_duration_seconds',
    help: 'Time the search engine took to answer a query, by tenant',
    labelNames: ['tenant'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });
  readonly outboxBacklog: Gauge;
  readonly mailBacklog: Gauge;
  readonly searchReady: Gauge;
  readonly serverErrors = new Counter({
    name: 'http_server_errors_total',
    help: 'Requests answered with a 5xx status',
    labelNames: ['tenant', 'route'] as const,
    registers: [this.registry],
  });

  /** `outboxBacklog`: how many leads wait for delivery; `mailBacklog`: how many mails wait to be sent; `searchReady`:
   *  whether search answers (1) or not (0); each read at each scrape. */
  constructor({
    defaults = true,
    outboxBacklog,
    mailBacklog,
    searchReady,
  }: { defaults?: boolean; outboxBacklog?: () => Promise<number>; mailBacklog?: () => Promise<number>; searchReady?: () => Promise<boolean> } = {}) {
    if (defaults) collectDefaultMetrics({ register: this.registry });
    this.outboxBacklog = backlogGauge(this.registry, 'lead_outbox_backlog', 'Leads waiting for delivery (pending), read when scraped', outboxBacklog);
    this.mailBacklog = backlogGauge(this.registry, 'mail_outbox_backlog', 'Shopper mails waiting to be sent (pending), read when scraped', mailBacklog);
    this.searchReady = new Gauge({
      name: 'search_ready',
      help: 'Whether search answers (1) or is degraded (0: index not built yet, or the search engine unreachable), read when scraped',
      registers: [this.registry],
      async collect() {
        if (searchReady) this.set((await searchReady()) ? 1 : 0);
      },
    });
  }
}

// A backlog read when scraped. While the database is down the last value read stays (and the scrape still answers):
// an outage is exactly when operators look at the backlog.
function backlogGauge(registry: Registry, name: string, help: string, read?: () => Promise<number>) {
  return new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      if (!read) return;
      try {
        this.set(await read());
      } catch {
        // keep the last value
      }
    },
  });
}

/**
 * Gives every request an id (x-request-id, echoed in the response), runs the rest of the chain inside its context so
 * every log line of the request carries the id, and on finish writes one line and one histogram sample.
 * The route label is the matched route pattern (bounded), never the raw path.
 */
export function requestObservability({
  logger,
  metrics,
  tenantOf,
}: {
  logger: Logger;
  metrics?: ServerMetrics;
  tenantOf: (req: Request) => string | undefined;
}): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const forwarded = req.headers['x-request-id'];
    const requestId = typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    const started = process.hrtime.bigint();
    const context: RequestContext = { requestId };
    res.setHeader('x-request-id', requestId);
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const tenant = context.tenant ?? tenantOf(req) ?? '(none)';
      const route = routeLabel(req, res);
      const status = res.statusCode;
      metrics?.requestDuration.observe({ tenant, route, method: req.method, status: `${Math.floor(status / 100)}xx` }, seconds);
      if (status >= 500) metrics?.serverErrors.inc({ tenant, route });
      if (route === '/healthz' || route === '/readyz' || route === '/metrics') return;
      logger.info(
        { req_id: requestId, tenant, method: req.method, route, path: req.originalUrl.split('?')[0], status, duration_ms: Math.round(seconds * 10_000) / 10 },
        'request',
      );
    });
    requestContext.run(context, () => next());
  };
}

/** Remembers which tenant the request is for, once the host has picked it. */
export function noteTenant(slug: string) {
  const ctx = requestContext.getStore();
  if (ctx) ctx.tenant = slug;
}

function routeLabel(req: Request, res: Response): string {
  if (typeof res.locals.routeLabel === 'string') return res.locals.routeLabel;
  const pattern = req.route?.path;
  if (typeof pattern === 'string') return pattern === '/{*path}' ? 'page' : pattern;
  if (req.originalUrl.startsWith('/assets/')) return '/assets';
  if (req.originalUrl.startsWith('/editor')) return '/editor';
  return 'other';
}

/** A check passes unless it throws; what it returns (counts, say) is shown under `details` in /readyz's body. */
export type ReadinessCheck = () => unknown;
type ReadinessDetail = Record<string, number | string>;

/**
 * /readyz: 200 { status: 'ready', checks } when every check passes; 503 with the failing checks' reasons otherwise,
 * and 503 'shutting down' once draining began, so the load balancer stops sending new requests.
 * `degradable` checks are reported the same way but their failure leaves the process ready ('degraded', still 200):
 * a dependency that only some pages need (search) must not take every process out of the balancer at once.
 */
export class Readiness {
  private draining = false;
  constructor(
    private readonly checks: Record<string, ReadinessCheck>,
    private readonly timeoutMs = 2000,
    private readonly degradable: ReadonlySet<string> = new Set(),
  ) {}

  drain() {
    this.draining = true;
  }

  get isDraining() {
    return this.draining;
  }

  async report(): Promise<{ ready: boolean; status: string; checks: Record<string, string>; details?: Record<string, ReadinessDetail> }> {
    if (this.draining) return { ready: false, status: 'shutting down', checks: {} };
    const details: Record<string, ReadinessDetail> = {};
    const entries = await Promise.all(
      Object.entries(this.checks).map(async ([name, check]) => {
        try {
          const detail = await withTimeout(Promise.resolve().then(check), this.timeoutMs);
          if (detail && typeof detail === 'object') details[name] = detail as ReadinessDetail;
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const ready = entries.every(([name, v]) => v === 'ok' || this.degradable.has(name));
    const degraded = entries.some(([, v]) => v !== 'ok');
    const status = ready ? (degraded ? 'degraded' : 'ready') : 'not ready';
    return { ready, status, checks, ...(Object.keys(details).length > 0 && { details }) };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/**
 * Headers a proxy adds on the way in (RFC 7239 Forwarded, Via, the X-Forwarded-* family and vendors' client-address
 * headers): their presence means the socket's address is a proxy's, not the caller's.
 */
const PROXY_HEADER =
  /^(?:forwarded|via|x-forwarded-.+|x-real-ip|x-client-ip|x-cluster-client-ip|x-original-forwarded-for|true-client-ip|cf-connecting-ip|fastly-client-ip)$/;

/** Whether the request names a proxy it came through (any header of PROXY_HEADER). */
function cameThroughProxy(req: Pick<Request, 'headers'>): boolean {
  return Object.keys(req.headers).some((name) => PROXY_HEADER.test(name));
}

const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/**
 * Who may read /metrics: with METRICS_TOKEN set, a request bearing it, and no one else; otherwise only the machine
 * itself and private networks (a Prometheus beside the servers), never the public. A request that came through any
 * proxy may be anyone's (the proxy's own private address proves nothing), so it is refused without the token. The
 * caller's address is Express's req.ip, which believes only the proxies TRUST_PROXY names, never a header by itself.
 */
export function metricsAllowed(req: Pick<Request, 'headers' | 'ip' | 'socket'>, token = process.env.METRICS_TOKEN): boolean {
  if (token) return sameSecret(req.headers.authorization ?? '', `Bearer ${token}`);
  if (cameThroughProxy(req)) return false;
  const address = (req.ip ?? req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return address === '127.0.0.1' || address === '::1' || /^10\./.test(address) || /^192\.168\./.test(address) || /^172\.(1[6-9]|2\d|3[01])\./.test(address);
}

/** Why /metrics refused a request: what the operator can do about it. */
export const METRICS_REFUSED =
  'Metrics are readable only with the METRICS_TOKEN bearer token, or (when no token is set) directly from this machine or a private network, never through a proxy.';
