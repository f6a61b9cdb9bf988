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
