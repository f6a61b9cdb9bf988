import type { ResolvedFeatureGridProps as FeatureGridProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { Icon } from './icons';

export default function FeatureGrid({ props }: BlockComponentProps<FeatureGridProps>) {
  return (
    <div className="container feature-grid">
      {props.heading && <h2>{props.heading}</h2>}
      <ul className={`grid grid-${props.columns}`}>
        {props.items.map((item) => (
          <li key={item.title} className="feature">
            <Icon name={item.icon} />
            <h3>{item.title}</h3>
            {item.text && <p>{item.text}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
