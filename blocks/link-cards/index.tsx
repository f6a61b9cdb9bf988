import type { ResolvedLinkCardsProps as LinkCardsProps } from '../../schemas/generated/block-props';
import { sitePageExists } from '../../runtime/renderer/page-exists';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';

export default function LinkCards({ props }: BlockComponentProps<LinkCardsProps>) {
  const site = useSite();
  // A card for a page this site does not have is left out (never a link to the 404 page).
  const cards = props.cards.filter((card) => sitePageExists(site, card.href));
  if (!cards.length) return null;
  return (
    <div className="container link-cards">
      {props.heading && <h2>{props.heading}</h2>}
      <ul className="grid grid-auto">
        {cards.map((card) => (
          <li key={card.href + card.title} className="card">
            <h3>{card.title}</h3>
            {card.text && <p>{card.text}</p>}
            <SiteLink href={card.href} className="card-link">
              {card.linkLabel}
              {/* Several cards share the label: screen readers hear which page each one opens. */}
              <span className="visually-hidden">: {card.title}</span> <span aria-hidden="true">→</span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
