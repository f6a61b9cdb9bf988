import type { ResolvedColumnsProps as ColumnsProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';

export default function Columns({ props, slots }: BlockComponentProps<ColumnsProps>) {
  return (
    <div className={`container columns columns-${props.ratio.replace(':', '-')}`}>
      <div className="column column-main">{slots.main}</div>
      <aside className="column column-side">{slots.side}</aside>
    </div>
  );
}
