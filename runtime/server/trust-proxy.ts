// Which proxies the server believes about the client's address (X-Forwarded-For) and protocol (X-Forwarded-Proto).
// Behind a load balancer every shopper would otherwise share the balancer's address (one rate-limit bucket for all)
// and https would look like http (no HSTS, no Secure cookies). TRUST_PROXY takes Express's values:
//   (unset)            loopback only: a proxy on the same machine
//   false              no proxy: the socket address is the client
//   true               trust every hop (only when nothing can reach the server except through the proxy)
//   2                  the number of proxy hops in front of the server
//   10.0.0.0/8,...     addresses or subnets of the proxies ("loopback", "linklocal", "uniquelocal" allowed)
export type TrustProxy = boolean | number | string[];

const DEFAULT_TRUST_PROXY: TrustProxy = ['loopback'];

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim();
  if (!v) return DEFAULT_TRUST_PROXY;
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
