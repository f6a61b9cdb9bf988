// Interested In: links to what a shopper may want next (docs/requirements/dealer-services.md#screens). A link to a page this site does not have is
// never rendered (DESIGN.md "Links").
import type { ResolvedInterestedInProps as InterestedInProps } from '../../schemas/generated/block-props';
import { pageExists } from '../../runtime/renderer/page-exists';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import './styles.css';

export default function InterestedIn({ props, block }: BlockComponentProps<InterestedInProps>) {
  const site = useSite();
  const links = props.links.filter((l) => l.href.startsWith('https://') || pageExists(site.pages, l.href));
  if (links.length === 0) return null;
  return (
    <nav className="container interested-in" aria-labelledby={`${block.id}-heading`}>
      <h2 id={`${block.id}-heading`}>{props.heading}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <SiteLink className="interested-in-link" href={l.href}>
              {l.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
