import type { ResolvedServicePerksProps as ServicePerksProps } from '../../schemas/generated/block-props';
import { servicePerkText } from '../../runtime/domain/service';
import { resolvedSettings } from '../../runtime/domain/settings';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { Icon } from '../feature-grid/icons';

export default function ServicePerks({ props }: BlockComponentProps<ServicePerksProps>) {
  const settings = resolvedSettings(useSite().settings).service;
  return (
    <div className="container feature-grid service-perks">
      {props.heading && <h2>{props.heading}</h2>}
      <ul className="grid grid-3">
        {props.items.map((item) => {
          const text = !item.kind || item.kind === 'custom' ? item.text : servicePerkText(item.kind, settings);
          return (
            <li key={item.title} className="feature">
              <Icon name={item.icon} />
              <h3>{item.title}</h3>
              {text && <p>{text}</p>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
