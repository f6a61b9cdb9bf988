import type { ResolvedStatsBannerProps as StatsBannerProps } from '../../schemas/generated/block-props';
import { countableFigure } from '../../runtime/domain/motion/count-up';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useCountUp } from '../../runtime/ui/count-up';
import { formatNumber } from '../../runtime/domain/format';

/** A figure such as 50+: the server prints it as written; in the browser its number counts up from 0 over 1 s when seen. */
function Figure({ value }: { value: string }) {
  const figure = countableFigure(value);
  const shown = useCountUp(figure?.number ?? 0, { from: 0 });
  if (!figure) return <>{value}</>;
  const number = value.includes(',') ? formatNumber(shown) : String(shown);
  return <>{`${figure.prefix}${number}${figure.suffix}`}</>;
}

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
              <dd>
                <Figure value={s.value} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
