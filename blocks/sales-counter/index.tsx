import type { SalesCounterProps } from '../../schemas/generated/tenant';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { SalesCounter as Counter } from '../../runtime/ui/locations/SalesCounter';
import type { SalesCounterData } from './loader';

export default function SalesCounter({ props, data }: BlockComponentProps<SalesCounterProps, SalesCounterData>) {
  return (
    <div className="container">
      <Counter initial={data?.value ?? 0} label={props.label ?? 'Cars sold this month'} />
    </div>
  );
}
