// Unsubscribe links for mails to shoppers: signed (HMAC-SHA256 over the site, the address and the list), so a link
// unsubscribes only the address it was mailed to, on the site that mailed it. The link's origin is the site's
// configured address (its document's `url`), never a request's Host header.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { signingKey } from '../infra/signing-key';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { unsubscribeEmail } from '../domain/unsubscribe';

/** The page with the unsubscribe form (tenants/templates/base.json); the link pre-fills it. */
const UNSUBSCRIBE_PAGE = '/pages/unsubscribe';
/** The one list a site mails: its marketing emails. A token for another list would not unsubscribe from this one. */
const MARKETING_LIST = 'marketing';

export class UnsubscribeLinkSigner {
  constructor(private readonly secret: Buffer) {}

  /** UNSUBSCRIBE_LINK_SECRET when set (required with several processes); else a random key kept in `file`. */
  static fromEnv(file: string, env: Record<string, string | undefined> = process.env): UnsubscribeLinkSigner {
    return new UnsubscribeLinkSigner(signingKey(env.UNSUBSCRIBE_LINK_SECRET, file));
  }

  /** The token for an address (compared as the form stores it: trimmed, lower-case). */
  token(tenant: string, email: string, list = MARKETING_LIST): string {
    const input = unsubscribeEmail(email);
    if (!input.ok) throw new Error(`cannot sign an unsubscribe link for ${JSON.stringify(email)}: ${input.message}`);
    return createHmac('sha256', this.secret).update(`unsubscribe\0${tenant}\0${input.email}\0${list}`).digest('base64url');
  }

  verify(tenant: string, email: string, token: unknown, list = MARKETING_LIST): boolean {
    if (typeof token !== 'string' || token.length > 100 || !unsubscribeEmail(email).ok) return false;
    const expected = Buffer.from(this.token(tenant, email, list));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Path and query of the link (the site's configured origin goes in front). */
  path(tenant: string, email: string): string {
    const token = this.token(tenant, email);
    const q = new URLSearchParams({ email: email.trim().toLowerCase(), token });
    return `${UNSUBSCRIBE_PAGE}?${q}`;
  }

  /** The whole link, on the site's configured address; undefined when the site has none (no link is made from a request). */
  link(site: Pick<TenantDocument, 'slug' | 'url'>, email: string): string | undefined {
    if (!site.url) return undefined;
    let origin: string;
    try {
      origin = new URL(site.url).origin;
    } catch {
      return undefined;
    }
    return origin === 'null' ? undefined : `${origin}${this.path(site.slug, email)}`;
  }
}
