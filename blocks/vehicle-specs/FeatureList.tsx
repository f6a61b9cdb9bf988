// The collapsible all-features list (docs/requirements/vehicle-browsing.md#screens, #constants: 8 by default, Show All / Hide).
import { useId, useState } from 'react';
import { collapsibleList, FEATURES_LIST, hasSpecValue } from '../../runtime/domain/vehicle';

export function FeatureList({ features }: { features: readonly (string | null | undefined)[] | null | undefined }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const items = (features ?? []).filter((f): f is string => hasSpecValue(f));
  const list = collapsibleList(items, FEATURES_LIST, expanded);
  if (!items.length) return null;
  return (
    <div className="feature-list">
      <ul id={id}>
        {list.shown.map((f) => (
          <li key={f}>
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {f}
          </li>
        ))}
      </ul>
      {list.toggleLabel && (
        <button type="button" className="list-toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
          {list.toggleLabel}
        </button>
      )}
    </div>
  );
}
