// GET of an address someone else wrote (a stock feed, a feed's car photo): the server must never become a way into its
// own network. The address is checked now (https unless allow-listed, no credentials, every resolved address public:
// the CRM endpoints' check, runtime/net/crm-target.ts), the connection goes to the very address that was checked (a
// second DNS answer cannot switch it), redirects are not followed, and the body is cut off past `maxBytes` or
// `timeoutMs`. Errors are PublicFetchError with a reason naming what was fetched ("the feed", "the photo").
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type CheckedTarget, checkCrmTarget, CrmTargetError, pinnedLookup, type Resolver } from './crm-target';

export class PublicFetchError extends Error {
  override name = 'PublicFetchError';
}

export interface PublicFetchOptions {
  /** What is fetched, for messages: 'feed' gives "the feed answered HTTP 404", "the feed host … is not a public address". */
  what: string;
  /** Hosts (or host:port) that may use http and non-public addresses: tests and local development only. */
  allow: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  accept?: string;
  resolve?: Resolver;
}

/** The body of a 200 answer from a checked public address; throws PublicFetchError with the reason otherwise. */
export async function fetchPublic(rawUrl: string, options: PublicFetchOptions): Promise<Buffer> {
  const { what, maxBytes, timeoutMs } = options;
  let target: CheckedTarget;
  try {
    target = await checkCrmTarget(rawUrl, options.allow, options.resolve);
  } catch (e) {
    if (e instanceof CrmTargetError)
      throw new PublicFetchError(e.message.replace(/the CRM (endpoint|host)/g, (_m, part) => (part === 'host' ? `the ${what} host` : `the ${what} address`)));
    throw e;
  }
  const megabytes = `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`;
  const get = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Buffer>((resolve, reject) => {
    const fail = (message: string) => reject(new PublicFetchError(message));
    const req = get(
      target.url,
      {
        method: 'GET',
        headers: { accept: options.accept ?? '*/*' },
        lookup: pinnedLookup(target),
        servername: target.url.hostname.replace(/^\[|\]$/g, ''),
      },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          res.resume();
          clearTimeout(timer);
          const redirect = res.statusCode && res.statusCode >= 300 && res.statusCode < 400;
          return fail(`the ${what} answered HTTP ${res.statusCode}${redirect ? ' (redirects are not followed: use the final address)' : ''}`);
        }
        if (Number(res.headers['content-length']) > maxBytes) {
          req.destroy(new PublicFetchError(`the ${what} is larger than ${megabytes}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(new PublicFetchError(`the ${what} is larger than ${megabytes}`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve(Buffer.concat(chunks));
        });
        res.on('error', (e) => {
          clearTimeout(timer);
          reject(e instanceof PublicFetchError ? e : new PublicFetchError(`the ${what} could not be read (${e.message})`));
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new PublicFetchError(`the ${what} did not answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e instanceof PublicFetchError ? e : new PublicFetchError(`the ${what} could not be reached (${(e as NodeJS.ErrnoException).code ?? e.message})`));
    });
    req.end();
  });
}
