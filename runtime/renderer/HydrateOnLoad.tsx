// The one exception to a block's declared hydration (block-hydration.ts), for a block that acts on the whole page only
// with some props (a lead dialog host opened by the address or by other blocks' buttons, a banner with a date window):
// it renders this marker then, and lazy-hydration.ts hydrates it once the page has loaded ('idle'), wherever it sits.
export const HYDRATE_ON_LOAD_ATTRIBUTE = 'data-hydrate-on-load';

export function HydrateOnLoad() {
  return <span hidden {...{ [HYDRATE_ON_LOAD_ATTRIBUTE]: '' }} />;
}
