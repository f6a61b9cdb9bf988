import type { LinkCardsProps } from '../../schemas/generated/tenant';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { BlockComponentProps } from '../../runtime/renderer/types';

export default function LinkCards({ props }: BlockComponentProps<LinkCardsProps>) {
  return (
    <div className="container link-cards">
      {props.heading && <h2>{props.heading}</h2>}
      <ul className="grid grid-auto">
        {props.cards.map((card) => (
          <li key={card.href + card.title} className="card">
            <h3>{card.title}</h3>
            {card.text && <p>{card.text}</p>}
            <SiteLink href={card.href} className="card-link">
              {card.linkLabel ?? 'Learn more'} <span aria-hidden="true">→</span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
