// Where a lead may be sent. A CRM URL is written by people (and once could be by a site's staff), so before every
// delivery: https only; the host resolved now (not when the URL was saved) and refused when any of its addresses is
// loopback, private, link-local (cloud metadata), CGNAT, multicast, unspecified or otherwise not public, IPv4 and IPv6
// alike (IPv4-mapped and NAT64 forms included); and the connection made to the very address that was checked, so a
// second DNS answer (rebinding) cannot switch it. Tests and local development name their CRM hosts in
// CRM_ALLOW_HOSTS ("127.0.0.1,crm.test:8443"): those may use http and non-public addresses.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export class CrmTargetError extends Error {
  override name = 'CrmTargetError';
}

const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const NOT_PUBLIC_V6: [string, number][] = [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48], // NAT64: an IPv4 address behind a translator
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16], // discard, IETF (Teredo), documentation, 6to4
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8], // unique local (fd00:ec2::254 metadata), link-local, site-local, multicast
];
const notPublic = new BlockList();
for (const [net, prefix] of NOT_PUBLIC_V4) notPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of NOT_PUBLIC_V6) notPublic.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  const v4 = dotted?.[1];
  if (v4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    text = text.slice(0, -v4.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d, also written ::ffff:7f00:1), else undefined. */
function mappedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  const [hi, lo] = [g?.[6], g?.[7]];
  if (!g || g.slice(0, 5).some((x) => x !== 0) || g[5] !== 0xffff || hi === undefined || lo === undefined) return undefined;
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** True for an address a CRM may not be reached at (anything that is not a public unicast address). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return notPublic.check(address, 'ipv4');
  if (family === 6) {
    const v4 = mappedIpv4(address);
    if (v4) return notPublic.check(v4, 'ipv4');
    return notPublic.check(address, 'ipv6');
  }
  return true;
}

/** The CRM_ALLOW_HOSTS list: host names, IP addresses or host:port entries. */
export function allowListFromEnv(value = process.env.CRM_ALLOW_HOSTS): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * What can be said of a CRM URL without resolving it (for the editor's publish, so an admin sees the problem at once):
 * a reason when it is not https (and not allow-listed), carries credentials, or names a non-public IP address.
 * Host names are checked again, resolved, at every delivery.
 */
export function crmUrlProblem(rawUrl: string, allow: readonly string[] = allowListFromEnv()): string | undefined {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'the CRM endpoint is not a valid URL';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = allow.includes(host) || allow.includes(url.host.toLowerCase());
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) return 'the CRM endpoint must use https';
  if (url.username || url.password) return 'the CRM endpoint must not carry a user name or password (use the authorization setting)';
  if (!allowed && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isNonPublicAddress(host))))
    return `the CRM endpoint's host ${host} is not a public address`;
  return undefined;
}

export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Checks a CRM URL now and picks the address to connect to; throws CrmTargetError with the reason when refused. */
export async function checkCrmTarget(
  rawUrl: string,
  allow: readonly string[] = allowListFromEnv(),
  resolve: Resolver = systemResolver,
): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new CrmTargetError('the CRM endpoint is not a valid URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = allow.includes(host) || allow.includes(url.host.toLowerCase());
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) throw new CrmTargetError('the CRM endpoint must use https');
  if (url.username || url.password) throw new CrmTargetError('the CRM endpoint must not carry a user name or password (use the authorization setting)');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch (e) {
      throw new CrmTargetError(`the CRM host ${host} could not be resolved (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  }
  const [first] = addresses;
  if (!first) throw new CrmTargetError(`the CRM host ${host} has no address`);
  if (!allowed) {
    const bad = addresses.find((a) => isNonPublicAddress(a.address));
    if (bad) throw new CrmTargetError(`the CRM host ${host} resolves to ${bad.address}, which is not a public address`);
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A DNS lookup that always answers the checked address: the connection goes where the check looked. */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_host, opts, callback) => {
    // biome-ignore lint/suspicious/noExplicitAny: Node's lookup callback has a different signature when `all` is set
    if ((opts as { all?: boolean }).all) (callback as any)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

export interface CrmPostResult {
  status: number;
  ok: boolean;
}

export type CrmPost = (url: string, init: { headers: Record<string, string>; body: string; timeoutMs: number }) => Promise<CrmPostResult>;

/** POSTs to a checked CRM URL over a connection pinned to the checked address (TLS still verifies the host name). */
export function pinnedCrmPost(options: { allow?: readonly string[]; resolve?: Resolver } = {}): CrmPost {
  return async (rawUrl, { headers, body, timeoutMs }) => {
    const target = await checkCrmTarget(rawUrl, options.allow ?? allowListFromEnv(), options.resolve);
    const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<CrmPostResult>((resolve, reject) => {
      const req = send(
        target.url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          lookup: pinnedLookup(target),
          servername: target.url.hostname.replace(/^\[|\]$/g, ''),
        },
        (res: IncomingMessage) => {
          res.resume(); // the answer's body is not needed, only its status (no redirect is followed)
          res.on('end', () => {
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, ok: (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300 });
          });
          res.on('error', (e) => {
            clearTimeout(timer);
            reject(e);
          });
        },
      );
      const timer = setTimeout(() => {
        const e = new Error(`no answer within ${timeoutMs} ms`);
        e.name = 'TimeoutError';
        req.destroy(e);
      }, timeoutMs);
      req.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      req.end(body);
    });
  };
}
