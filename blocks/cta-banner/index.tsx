import type { ResolvedCtaBannerProps as CtaBannerProps } from '../../schemas/generated/block-props';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useInlineProp } from '../../runtime/ui/inline-edit';
import type { BlockComponentProps } from '../../runtime/renderer/types';

export default function CtaBanner({ props }: BlockComponentProps<CtaBannerProps>) {
  const inline = useInlineProp();
  return (
    <div className={`cta-banner tone-${props.tone}`}>
      <div className="container cta-inner">
        <div>
          <h2 {...inline('heading')}>{props.heading}</h2>
          {props.text && <p {...inline('text')}>{props.text}</p>}
        </div>
        <SiteLink href={props.button.href} className="button button-light">
          <span {...inline('button.label')}>{props.button.label}</span>
        </SiteLink>
      </div>
    </div>
  );
}
