// Accordion content block: questions or headings that open their (sanitised) text; the shared accordion behaviour.
import type { ResolvedAccordionProps as AccordionProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { Accordion } from '../../runtime/ui/accordion/Accordion';
import { MarkupBlocks } from '../../runtime/ui/forms/MarkupBlocks';

export default function AccordionBlock({ props, block }: BlockComponentProps<AccordionProps>) {
  const headingId = `${block.id}-heading`;
  const items = props.items.map((item) => ({ title: item.title, content: <MarkupBlocks body={item.body} /> }));
  return (
    <section className="container content-accordion" aria-labelledby={props.heading ? headingId : undefined}>
      {props.heading && <h2 id={headingId}>{props.heading}</h2>}
      {props.intro && <p className="content-accordion-intro">{props.intro}</p>}
      <Accordion items={items} allowMany={props.allowMany} initiallyOpen={props.firstOpen ? 0 : undefined} headingLevel={props.heading ? 3 : 2} />
    </section>
  );
}
