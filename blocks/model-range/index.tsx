// The model range browser (docs/requirements/dealer-services.md#screens): category buttons by body type (with All), split into rows unless single
// line; a carousel of model cards when more than one model (arrow keys and the previous / next buttons move it,
// a Swipe hint shows on mobile).
import { useState } from 'react';
import type { ResolvedModelRangeProps as ModelRangeProps } from '../../schemas/generated/block-props';
import { categoryButtons, categoryRows, modelsInCategory, showsCarousel } from '../../runtime/domain/models';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import type { ModelRangeData } from './loader';
import { ModelCard, ModelCardSkeleton, type ModelCardOptions } from './ModelCard';
import { ModelCarousel } from './ModelCarousel';
import './styles.css';

export default function ModelRange({ props, data, block }: BlockComponentProps<ModelRangeProps, ModelRangeData | undefined>) {
  const [category, setCategory] = useState('');
  const models = data?.models;
  const headingId = `${block.id}-heading`;
  const card: ModelCardOptions = { exploreLabel: props.exploreLabel, exploreTarget: props.exploreTarget, showPrice: props.showPrice };

  if (!models) {
    // Editor previews and fixtures have no loader data: show the shape while it loads.
    return (
      <section className="model-range" aria-labelledby={headingId} aria-busy="true">
        <div className="container">
          <h2 id={headingId}>{props.heading}</h2>
          <div className="model-range-skeleton">
            <ModelCardSkeleton />
            <ModelCardSkeleton />
            <ModelCardSkeleton />
          </div>
        </div>
      </section>
    );
  }
  if (models.length === 0) return null;

  const rows = categoryRows(categoryButtons(models, props.allLabel), {
    firstRow: props.firstRowCount === 2 ? 2 : 3,
    singleLine: props.singleLine,
  });
  const shown = modelsInCategory(models, category);
  const label = props.heading.trim();

  return (
    <section className="model-range" aria-labelledby={headingId}>
      <div className="container">
        <header className="model-range-head">
          <h2 id={headingId}>{label}</h2>
          {props.subheading && <p className="model-range-sub">{props.subheading}</p>}
        </header>
        {rows.length > 0 && (
          <div className={`model-categories${props.singleLine ? ' single-line' : ''}`} role="group" aria-label="Body types">
            {rows.map((row) => (
              // a button is in one row only, so a row's first button names it
              <div key={row[0]?.value || 'all'} className="model-category-row">
                {row.map((button) => (
                  <button
                    key={button.value || 'all'}
                    type="button"
                    className={`model-category${button.value === category ? ' active' : ''}`}
                    aria-pressed={button.value === category}
                    onClick={() => setCategory(button.value)}
                  >
                    {button.label}
                  </button>
                ))}
              </div>
            ))}
          </div>
        )}
        <p className="mc-visually-hidden" aria-live="polite">
          {shown.length} {shown.length === 1 ? 'model' : 'models'}
        </p>
        {showsCarousel(shown.length) ? (
          <ModelCarousel key={category || 'all'} models={shown} card={card} label={`${label}: models`} />
        ) : (
          shown.map((model) => (
            <div key={model.id} className="model-range-single">
              <ModelCard model={model} {...card} />
            </div>
          ))
        )}
      </div>
    </section>
  );
}
