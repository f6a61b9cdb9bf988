// Links for dealer staff to a trade-in photo: signed (HMAC-SHA256 over site, photo and expiry) so only someone
// holding the lead can open them, answered only on the site that owns the photo, and only until they expire.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { signingKey } from '../infra/signing-key';

const IMAGE_LINK_DAYS = 90;
const IMAGE_ROUTE = '/api/eval-expert/images';

export class ImageLinkSigner {
  constructor(private secret: Buffer) {}

  /** TRADE_IN_LINK_SECRET when set (required with several processes); else a random key kept in `file`. */
  static fromEnv(file: string, env: Record<string, string | undefined> = process.env): ImageLinkSigner {
    return new ImageLinkSigner(signingKey(env.TRADE_IN_LINK_SECRET, file));
  }

  private mac(tenant: string, imageId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${tenant}\0${imageId}\0${expires}`).digest('base64url');
  }

  /** Path and query of the link (the site's origin goes in front). */
  path(tenant: string, imageId: string, now = Date.now(), days = IMAGE_LINK_DAYS): string {
    const expires = Math.floor(now / 1000) + days * 86_400;
    return `${IMAGE_ROUTE}/${imageId}?expires=${expires}&sig=${this.mac(tenant, imageId, expires)}`;
  }

  verify(tenant: string, imageId: string, expires: unknown, sig: unknown, now = Date.now()): boolean {
    const exp = Number(expires);
    if (!Number.isInteger(exp) || exp < now / 1000 || typeof sig !== 'string') return false;
    const expected = Buffer.from(this.mac(tenant, imageId, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
