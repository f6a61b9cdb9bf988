// The site footer (docs/requirements/dealer-services.md#screens): link groups (a Models group built from the catalogue), the dealer's address and
// phone, payment logos where the site enables them, and the terms of use (collapsible on mobile). Markup only: on the
// live site the browser keeps the server's HTML and never loads this code (SiteFooter.tsx); its site links navigate in
// the page and the terms' button is one delegated listener (lazy-hydration.ts).
import { useId, useMemo } from 'react';
import { formatPhone } from '../domain/format';
import { footerMenu } from '../domain/navigation/menu';
import { PaymentLogos } from '../ui/navigation/PaymentLogos';
import { chromeLinkExists, useChrome } from './chrome-context';
import { sitePageExists } from './page-exists';
import { SiteLink } from './SiteLink';
import { useSite } from './site-context';
import { CaretIcon } from '../ui/icons/icons';

/**
 * Terms of use: always shown on wide screens; on mobile behind a disclosure button (docs/requirements/dealer-services.md#screens), which
 * toggleFooterTerms opens and closes.
 */
function TermsOfUse({ text }: { text: string }) {
  const id = useId();
  return (
    <div className="footer-terms">
      <h2 className="footer-terms-heading">
        <button type="button" className="footer-terms-toggle" aria-expanded="false" aria-controls={id}>
          Terms of use
          <span aria-hidden="true" className="caret">
            <CaretIcon />
          </span>
        </button>
        <span className="footer-terms-title">Terms of use</span>
      </h2>
      <div id={id} className="footer-terms-body">
        {text.split(/\n{2,}/).map((paragraph, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, split from it on each render: their place is their identity
          <p key={i}>{paragraph}</p>
        ))}
      </div>
    </div>
  );
}

export function Footer() {
  const site = useSite();
  const chrome = useChrome();
  const groups = useMemo(
    () => footerMenu(site.navigation.footer, chrome.range, (href) => chromeLinkExists(chrome, (h) => sitePageExists(site, h), href)),
    [site, chrome],
  );
  const primary = site.dealerships.flatMap((d) => d.locations).find((l) => l.primary) ?? site.dealerships[0].locations[0];
  return (
    <footer className="site-footer" id="site-footer" data-server-html="">
      <div className="container footer-groups">
        {groups.map((group) => (
          <div key={group.title} className="footer-group">
            <h2>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.href + link.label}>
                  <SiteLink href={link.href} external={link.external}>
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="footer-group footer-contact">
          <h2>{site.name}</h2>
          <address>
            {primary.address.street}
            <br />
            {primary.address.city} {primary.address.state} {primary.address.postcode}
          </address>
          <a href={`tel:${primary.contact_detail.phone.replace(/[^0-9+]/g, '')}`}>{formatPhone(primary.contact_detail.phone)}</a>
        </div>
      </div>
      <div className="container footer-note">
        <PaymentLogos enabled={site.navigation.paymentLogos} />
        {site.navigation.termsOfUse && <TermsOfUse text={site.navigation.termsOfUse} />}
        <p>
          © {site.name}
          {site.navigation.footerNote ? ` · ${site.navigation.footerNote}` : ''}
        </p>
      </div>
    </footer>
  );
}
