import type { ResolvedNearestLocationProps as NearestLocationProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { NearestLocationFinder } from '../../runtime/ui/locations/NearestLocationFinder';

export default function NearestLocation({ props, block }: BlockComponentProps<NearestLocationProps>) {
  const headingId = `${block.id}-heading`;
  return (
    <section className="container nearest-location" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.heading}</h2>
      {props.intro && <p>{props.intro}</p>}
      <NearestLocationFinder type={props.type && props.type !== 'any' ? props.type : undefined} limit={props.limit} />
    </section>
  );
}
