import type { ResolvedHeroProps as HeroProps } from '../../schemas/generated/block-props';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { BlockComponentProps } from '../../runtime/renderer/types';

export default function Hero({ props }: BlockComponentProps<HeroProps>) {
  const style = props.image ? { backgroundImage: `linear-gradient(90deg, rgba(0,0,0,.62), rgba(0,0,0,.15)), url(${JSON.stringify(props.image)})` } : undefined;
  return (
    <div className={`hero hero-${props.size} hero-${props.align}${props.image ? ' hero-image' : ''}`} style={style}>
      <div className="container hero-inner">
        {props.eyebrow && <p className="hero-eyebrow">{props.eyebrow}</p>}
        <h1>{props.heading}</h1>
        {props.subheading && <p className="hero-sub">{props.subheading}</p>}
        {props.buttons && props.buttons.length > 0 && (
          <div className="hero-buttons">
            {props.buttons.map((b) => (
              <SiteLink key={b.href + b.label} href={b.href} className={`button button-${b.style}`}>
                {b.label}
              </SiteLink>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
