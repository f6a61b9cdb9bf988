import type { ResolvedRichTextProps as RichTextProps } from '../../schemas/generated/block-props';
import { useImageProp, useInlineProp } from '../../runtime/ui/inline-edit';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { MarkupBlocks } from '../../runtime/ui/forms/MarkupBlocks';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';

export default function RichText({ props }: BlockComponentProps<RichTextProps>) {
  const inline = useInlineProp();
  const imageProp = useImageProp();
  const image = props.image ? (
    <figure className="rich-text-figure">
      <ResponsiveImage {...imageProp('image')} src={props.image} alt={props.imageAlt ?? ''} width={800} height={450} />
      {props.imageCaption && <figcaption>{props.imageCaption}</figcaption>}
    </figure>
  ) : null;
  return (
    <div className={`container rich-text rich-text-${props.width}${props.image ? ` rich-text-image-${props.imagePosition}` : ''}`}>
      {props.heading && (props.headingLevel === 'h3' ? <h3 {...inline('heading')}>{props.heading}</h3> : <h2 {...inline('heading')}>{props.heading}</h2>)}
      {props.imagePosition !== 'below' && image}
      <div className="rich-text-body" {...inline('body')}>
        <MarkupBlocks body={props.body} />
      </div>
      {props.imagePosition === 'below' && image}
    </div>
  );
}
