// Promotion cards: each card only between its start and expiry (runtime/domain/promotions).
import type { ResolvedPromotionCardsProps as PromotionCardsProps } from '../../schemas/generated/block-props';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useSite } from '../../runtime/renderer/site-context';
import { sitePageExists } from '../../runtime/renderer/page-exists';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useLivePromotions } from '../../runtime/ui/promotions/use-live-promotions';
import type { LivePromotionsData } from './loader';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import { useImageProp } from '../../runtime/ui/inline-edit';

export default function PromotionCards({ props, data, block }: BlockComponentProps<PromotionCardsProps, LivePromotionsData | undefined>) {
  const live = useLivePromotions(props.cards, data?.live);
  const site = useSite();
  const imageProp = useImageProp();
  const cards = props.cards.filter((_, i) => live[i]);
  if (!cards.length) return null;
  const headingId = `${block.id}-heading`;
  return (
    <section className="container promotion-cards" aria-labelledby={props.heading ? headingId : undefined}>
      {props.heading && <h2 id={headingId}>{props.heading}</h2>}
      <ul className="grid grid-3">
        {cards.map((card) => (
          <li key={card.id} className="card promotion-card" data-promotion={card.id}>
            {card.image && (
              <ResponsiveImage
                {...imageProp(`cards.${props.cards.indexOf(card)}.image`)}
                src={card.image}
                alt={card.imageAlt ?? ''}
                focus={card.imageFocus}
                className="promotion-card-image"
                width={640}
                height={360}
                sizes="(max-width: 640px) 100vw, 400px"
              />
            )}
            <div className="promotion-card-body">
              {card.eyebrow && <p className="promotion-card-eyebrow">{card.eyebrow}</p>}
              <h3>{card.title}</h3>
              {card.text && <p>{card.text}</p>}
              {card.href && sitePageExists(site, card.href) && (
                <SiteLink href={card.href} className="button">
                  {card.buttonText}
                </SiteLink>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
