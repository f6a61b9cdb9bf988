// The make filter's model selection gate: 'Select models' opens a make's models only on sites with model selection on.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MakeCardsFacet } from './Facets';
import { SELECT_MODELS_LABEL } from '../../runtime/domain/search/facet-display';

const render = (modelSelection: boolean) =>
  renderToString(
    <MakeCardsFacet
      attribute="make"
      title="Make"
      items={[
        { value: 'Mazda', label: 'Mazda', count: 12 },
        { value: 'Toyota', label: 'Toyota', count: 4 },
      ]}
      selected={[]}
      onToggle={() => {}}
      onSet={() => {}}
      total={16}
      settings={{ makeListMode: 'showAll', makesShownBeforeShowAll: 7, popularMakesCount: 20, modelListLimit: 30, modelSelection }}
      makeModels={[{ value: 'Mazda:CX-5', label: 'CX-5', count: 3 }]}
      selectedModels={[]}
      onToggleModel={() => {}}
      loading={false}
    />,
  );

describe('model selection in the make filter', () => {
  it("offers 'Select models' on each make where the site has model selection", () => {
    const html = render(true);
    expect(html.match(new RegExp(`>${SELECT_MODELS_LABEL}<`, 'g'))).toHaveLength(2);
    expect(html).toContain('aria-label="Select models for Mazda"');
  });
  it('lists makes only where the site has it off', () => {
    const html = render(false);
    expect(html).toContain('Mazda');
    expect(html).not.toContain(SELECT_MODELS_LABEL);
    expect(html).not.toContain('make-models-toggle');
  });
});
