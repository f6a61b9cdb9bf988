import type { ResolvedColumnsProps as ColumnsProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';

export default function Columns({ props, slots }: BlockComponentProps<ColumnsProps>) {
  const lead = slots.lead !== undefined;
  const main = <div className="column column-main">{slots.main}</div>;
  // With a lead, the side column comes after the lead and before the rest of the main column in the document: the
  // order a phone shows them in one column and a screen reader reads them. Wider, the lead tops the main column.
  return (
    <div className={`container columns columns-${props.ratio.replace(':', '-')}${lead ? ' columns-with-lead' : ''}`}>
      {lead ? <div className="column column-lead">{slots.lead}</div> : main}
      <aside className="column column-side">{slots.side}</aside>
      {lead && main}
    </div>
  );
}
