// The stop links of an alert mail, signed with the unsubscribe links' key (runtime/unsubscribe/links.ts): one stops
// this alert (the one-click address of the List-Unsubscribe header, RFC 8058), the other is the site's unsubscribe
// page for the address, which stops all of the site's mail. Both on the site's configured origin.
import type { TenantDocument } from '../../../schemas/generated/tenant';
import type { UnsubscribeLinkSigner } from '../../unsubscribe/links';

export const ALERT_UNSUBSCRIBE_PATH = '/api/alerts/unsubscribe';
const ALERT_ID = /^(watchlist|search:[A-Za-z0-9_-]{1,64})$/;

/** The list a token is signed for: one alert of one account. */
const alertList = (accountId: string, alertId: string) => `alert\0${accountId}\0${alertId}`;

export class AlertLinks {
  constructor(private readonly signer: UnsubscribeLinkSigner) {}

  stopAlert(tenant: Pick<TenantDocument, 'slug'>, origin: string, accountId: string, email: string, alertId: string): string {
    const q = new URLSearchParams({ a: accountId, alert: alertId, t: this.signer.token(tenant.slug, email, alertList(accountId, alertId)) });
    return `${origin}${ALERT_UNSUBSCRIBE_PATH}?${q}`;
  }

  stopAll(tenant: Pick<TenantDocument, 'slug'>, origin: string, _accountId: string, email: string): string {
    return `${origin}${this.signer.path(tenant.slug, email)}`;
  }

  /** Whether the link's token was made for this alert of this account's address on this site. */
  verify(tenant: string, accountId: string, email: string, alertId: unknown, token: unknown): alertId is string {
    return typeof alertId === 'string' && ALERT_ID.test(alertId) && this.signer.verify(tenant, email, token, alertList(accountId, alertId));
  }
}
