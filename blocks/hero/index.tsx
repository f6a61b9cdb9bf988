import type { ResolvedHeroProps as HeroProps } from '../../schemas/generated/block-props';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useImageProp, useInlineProp } from '../../runtime/ui/inline-edit';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import './styles.css';

export default function Hero({ props }: BlockComponentProps<HeroProps>) {
  const inline = useInlineProp();
  const imageProp = useImageProp();
  // The picture is an element, not a CSS background, so it gets a srcset and is the page's first fetch (a hero is the
  // top of its page); the shade over a backdrop keeps the text readable. A side picture keeps its own 4:3 shape whole.
  const side = Boolean(props.image) && props.imageLayout === 'side';
  const layout = props.image ? (side ? ' hero-side' : ' hero-image') : '';
  const copy = (
    <>
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
    </>
  );
  return (
    <div className={`hero hero-${props.size} hero-${props.align}${layout}`}>
      {props.image && !side && (
        <ResponsiveImage
          className="hero-backdrop"
          {...imageProp('image')}
          src={props.image}
          alt=""
          focus={props.imageFocus}
          width={1600}
          height={600}
          sizes="100vw"
          loading="priority"
        />
      )}
      <div className="container hero-inner">
        {side ? <div className="hero-copy">{copy}</div> : copy}
        {side && (
          <ResponsiveImage
            className="hero-picture"
            {...imageProp('image')}
            src={props.image!}
            alt={props.imageAlt ?? ''}
            width={800}
            height={600}
            sizes="(max-width: 900px) 100vw, 560px"
            loading="priority"
          />
        )}
      </div>
    </div>
  );
}
