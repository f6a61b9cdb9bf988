import { useId, useState } from 'react';
import { collapsibleList, type CollapsibleListRule, type SpecRow } from '../../runtime/domain/vehicle';

/** A labelled spec table; with a rule it shows the first rows and a Show/Hide toggle (docs/requirements/vehicle-browsing.md#constants). */
export function SpecList({ rows, rule, className = '' }: { rows: SpecRow[]; rule?: CollapsibleListRule; className?: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const list = rule ? collapsibleList(rows, rule, expanded) : { shown: rows, toggleLabel: null };
  return (
    <>
      <dl className={`spec-list ${className}`} id={id}>
        {list.shown.map((r) => (
          <div className="spec-row" key={r.label}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
      {list.toggleLabel && (
        <button type="button" className="list-toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
          {list.toggleLabel}
        </button>
      )}
    </>
  );
}
