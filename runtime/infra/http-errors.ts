// What the final error handler answers. An error that carries a 4xx status (body-parser's 413 and 400, express's and
// serve-static's 404, a URIError from bad %-encoding) is the client's mistake and gets that status with a reason;
// only anything else is a 500, logged, with no detail sent.
import type { Request } from 'express';

export interface ClientError {
  status: number;
  code: string;
  message: string;
}

const BODY_PARSER_REASONS = {
  'entity.too.large': { code: 'payload_too_large', message: 'The request body is too large.' },
  'entity.parse.failed': { code: 'malformed_json', message: 'The request body is not valid JSON.' },
  'entity.too.deep': { code: 'too_deeply_nested', message: 'The request body is nested too deeply.' },
  'entity.verify.failed': { code: 'invalid_body', message: 'The request body could not be verified.' },
  'encoding.unsupported': { code: 'unsupported_encoding', message: 'The request body uses an unsupported character set or encoding.' },
  'charset.unsupported': { code: 'unsupported_encoding', message: 'The request body uses an unsupported character set or encoding.' },
  'request.aborted': { code: 'request_aborted', message: 'The request was aborted before its body arrived.' },
  'request.size.invalid': { code: 'invalid_body', message: 'The request body is not as long as its Content-Length says.' },
  'stream.encoding.set': { code: 'invalid_body', message: 'The request body could not be read.' },
  'parameters.too.many': { code: 'invalid_body', message: 'The request has too many parameters.' },
};

/** The 4xx answer for an error a client caused, or undefined for a server fault (500). */
export function clientErrorOf(error: unknown): ClientError | undefined {
  if (error instanceof URIError) return { status: 400, code: 'malformed_uri', message: 'The address is not valid: it has a malformed %-encoding.' };
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { status?: unknown; statusCode?: unknown; type?: unknown; expose?: unknown };
  const status = Number(e.status ?? e.statusCode);
  if (!Number.isInteger(status) || status < 400 || status > 499) return undefined;
  // Own keys only: a type such as 'constructor' is not a reason.
  const known =
    typeof e.type === 'string' && Object.hasOwn(BODY_PARSER_REASONS, e.type) ? BODY_PARSER_REASONS[e.type as keyof typeof BODY_PARSER_REASONS] : undefined;
  if (known) return { status, ...known };
  if (status === 404) return { status, code: 'not_found', message: 'There is nothing at this address.' };
  if (status === 405) return { status, code: 'method_not_allowed', message: 'This method is not allowed here.' };
  if (status === 413) return { status, ...BODY_PARSER_REASONS['entity.too.large'] };
  if (status === 415) return { status, code: 'unsupported_media_type', message: 'The request body has an unsupported content type.' };
  return { status, code: 'bad_request', message: 'The request is not valid.' };
}

/** API callers get JSON; people get a small page. */
export function wantsJson(req: Request): boolean {
  const path = req.path ?? '';
  if (/^\/(api|__data|editor\/api)(\/|$)/.test(path)) return true;
  const type = String(req.headers['content-type'] ?? '');
  const accept = String(req.headers.accept ?? '');
  return type.includes('json') || (accept.includes('application/json') && !accept.includes('text/html'));
}

/**
 * A refusal because the server is too busy for this request right now (the password-hashing queue is full): not the
 * client's mistake and not a fault. The final error handler answers 503 with Retry-After and this message, so routes
 * only let it through.
 */
export class ServerBusyError extends Error {
  readonly status = 503;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'ServerBusyError';
  }
}

export const isServerBusy = (error: unknown): error is ServerBusyError => error instanceof ServerBusyError;

// PostgreSQL's connection classes (08), shutdown and "cannot connect now" (57P0x), too many connections (53300), a
// statement cancelled by statement_timeout (57014); the driver's own codes and messages for a lost or timed-out link.
const DATABASE_DOWN_CODES = /^(08\d\d\d|57P0[1-3]|53300|57014|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND)$/;
const DATABASE_DOWN_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|timeout expired|Query read timeout|connection error|Client was closed/i;

/** Seconds a client is asked to wait while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * A write (or read) the database could not take because it is restarting, slow or out of reach: not a fault of the
 * request, and over soon. The final error handler answers it as a busy refusal (503 with Retry-After), never a 500.
 */
export function databaseUnavailable(error: unknown): ServerBusyError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = String((error as { code?: unknown }).code ?? '');
  if (!DATABASE_DOWN_CODES.test(code) && !DATABASE_DOWN_MESSAGES.test(error.message)) return undefined;
  return new ServerBusyError(
    'We could not save or load this just now: the service is briefly unavailable. Nothing was lost; please try again in a few seconds.',
    DATABASE_RETRY_AFTER_SECONDS,
  );
}

/** The disk (or its quota) is full, for files and for SQLite: a write that can succeed again once space is freed. */
export function storageFull(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

export const STORAGE_FULL_MESSAGE = 'The server has no room to store this right now. Nothing was saved; please try again later.';
