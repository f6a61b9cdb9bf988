import type { ResolvedCtaBannerProps as CtaBannerProps } from '../../schemas/generated/block-props';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { BlockComponentProps } from '../../runtime/renderer/types';

export default function CtaBanner({ props }: BlockComponentProps<CtaBannerProps>) {
  return (
    <div className={`cta-banner tone-${props.tone}`}>
      <div className="container cta-inner">
        <div>
          <h2>{props.heading}</h2>
          {props.text && <p>{props.text}</p>}
        </div>
        <SiteLink href={props.button.href} className="button button-light">
          {props.button.label}
        </SiteLink>
      </div>
    </div>
  );
}
