import type { ResolvedSalesCounterProps as SalesCounterProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { SalesCounter as Counter } from '../../runtime/ui/locations/SalesCounter';
import type { SalesCounterData } from './loader';

export default function SalesCounter({ props, data }: BlockComponentProps<SalesCounterProps, SalesCounterData>) {
  return (
    <div className="container">
      <Counter initial={data?.value ?? 0} label={props.label} />
    </div>
  );
}
