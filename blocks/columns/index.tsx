import type { ColumnsProps } from '../../schemas/generated/tenant';
import type { BlockComponentProps } from '../../runtime/renderer/types';

export default function Columns({ props, slots }: BlockComponentProps<ColumnsProps>) {
  return (
    <div className={`container columns columns-${(props.ratio ?? '2:1').replace(':', '-')}`}>
      <div className="column column-main">{slots.main}</div>
      <aside className="column column-side">{slots.side}</aside>
    </div>
  );
}
