import { formatPhone } from '../domain/format';
import { SiteLink } from './SiteLink';
import { useSite } from './site-context';

export function Footer() {
  const site = useSite();
  const primary = site.dealerships.flatMap((d) => d.locations).find((l) => l.primary) ?? site.dealerships[0].locations[0];
  return (
    <footer className="site-footer">
      <div className="container footer-groups">
        {site.navigation.footer.map((group) => (
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
        <p>
          © {site.name}
          {site.navigation.footerNote ? ` · ${site.navigation.footerNote}` : ''}
        </p>
      </div>
    </footer>
  );
}
