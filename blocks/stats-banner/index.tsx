import type { ResolvedStatsBannerProps as StatsBannerProps } from '../../schemas/generated/block-props';
import type { BlockComponentProps } from '../../runtime/renderer/types';

export default function StatsBanner({ props }: BlockComponentProps<StatsBannerProps>) {
  return (
    <div className="stats-banner">
      <div className="container">
        {props.heading && <h2>{props.heading}</h2>}
        {props.text && <p className="stats-text">{props.text}</p>}
        <dl className="stats">
          {props.stats.map((s) => (
            <div key={s.label} className="stat">
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
