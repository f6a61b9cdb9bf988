// Trade-in FAQ: five questions in the shared accordion (docs/requirements/dealer-services.md#screens; accordion 300 ms, #constants).
import type { ResolvedTradeInFaqProps as TradeInFaqProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { Accordion } from '../../runtime/ui/accordion/Accordion';
import './styles.css';

export default function TradeInFaq({ props, block }: BlockComponentProps<TradeInFaqProps>) {
  const items = props.items.map((item) => ({
    title: item.question,
    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one answer, split from it on each render: their place is their identity
    content: item.answer.split(/\n{2,}/).map((p, j) => <p key={j}>{p}</p>),
  }));
  return (
    <section className="container trade-in-faq" aria-labelledby={`${block.id}-heading`}>
      <h2 id={`${block.id}-heading`}>{props.heading}</h2>
      <Accordion items={items} />
    </section>
  );
}
