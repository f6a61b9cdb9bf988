import type { ResolvedHeroProps as HeroProps } from '../../schemas/generated/block-props';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useInlineProp } from '../../runtime/ui/inline-edit';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';

export default function Hero({ props }: BlockComponentProps<HeroProps>) {
  const inline = useInlineProp();
  // The picture is an element, not a CSS background, so it gets a srcset and is the page's first fetch (a hero is the
  // top of its page); the shade over it keeps the text readable.
  return (
    <div className={`hero hero-${props.size} hero-${props.align}${props.image ? ' hero-image' : ''}`}>
      {props.image && <ResponsiveImage className="hero-backdrop" src={props.image} alt="" width={1600} height={600} sizes="100vw" loading="priority" />}
      <div className="container hero-inner">
        {props.eyebrow && (
          <p className="hero-eyebrow" {...inline('eyebrow')}>
            {props.eyebrow}
          </p>
        )}
        <h1 {...inline('heading')}>{props.heading}</h1>
        {props.subheading && (
          <p className="hero-sub" {...inline('subheading')}>
            {props.subheading}
          </p>
        )}
        {props.buttons && props.buttons.length > 0 && (
          <div className="hero-buttons">
            {props.buttons.map((b, i) => (
              <SiteLink key={b.href + b.label} href={b.href} className={`button button-${b.style}`}>
                <span {...inline(`buttons.${i}.label`)}>{b.label}</span>
              </SiteLink>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
