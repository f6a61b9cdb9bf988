import type { ResolvedPromoBannerProps as PromoBannerProps } from '../../schemas/generated/block-props';
import { HydrateOnLoad } from '../../runtime/renderer/HydrateOnLoad';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import type { PromoBannerData } from './loader';
import { useLivePromotions } from '../../runtime/ui/promotions/use-live-promotions';
import './styles.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import { useImageProp } from '../../runtime/ui/inline-edit';

export default function PromoBanner({ props, data, block }: BlockComponentProps<PromoBannerProps, PromoBannerData | undefined>) {
  const [live] = useLivePromotions([props], data ? [data.live] : undefined);
  const imageProp = useImageProp();
  // Shown or hidden by the shopper's clock (a cached page may be older than the window's edge), wherever it sits.
  const timed = props.start || props.expiry ? <HydrateOnLoad /> : null;
  if (!live) return timed;
  const headingId = `${block.id}-heading`;
  return (
    <section className={`promo-banner promo-banner-${props.tone}${props.image ? ' has-image' : ''}`} aria-labelledby={headingId}>
      {timed}
      <div className="container promo-banner-inner">
        <div className="promo-banner-text">
          {props.eyebrow && <p className="promo-banner-eyebrow">{props.eyebrow}</p>}
          <h2 id={headingId}>{props.heading}</h2>
          {props.text && <p className="promo-banner-body">{props.text}</p>}
          {props.buttonText && props.buttonHref && (
            <SiteLink href={props.buttonHref} className="button promo-banner-button">
              {props.buttonText}
            </SiteLink>
          )}
        </div>
        {props.image && (
          <div className="promo-banner-media">
            <ResponsiveImage
              {...imageProp('image')}
              src={props.image}
              alt={props.imageAlt ?? ''}
              width={800}
              height={400}
              sizes="(max-width: 800px) 100vw, 50vw"
            />
          </div>
        )}
      </div>
    </section>
  );
}
