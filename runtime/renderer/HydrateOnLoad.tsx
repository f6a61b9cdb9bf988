// The exceptions to a block's declared hydration (block-hydration.ts), for a block that must run before it is touched
// only with some props or settings. It renders one of these markers then, and lazy-hydration.ts reads it:
// - <HydrateOnLoad />: hydrated once the page has loaded ('idle'), wherever it sits (a banner with a date window, a
//   gallery whose photos must follow a first swipe or whose spin viewer turns by itself);
// - <HydrateOnAddress hashes={…} query="…" />: hydrated as soon as the page's address names one of `hashes` (#enquire)
//   or has the `query` parameter (?dialog=…), at load or after an in-page link or Back/Forward changes it (a lead
//   dialog host); until then the block keeps its declared strategy.
export const HYDRATE_ON_LOAD_ATTRIBUTE = 'data-hydrate-on-load';
export const HYDRATE_ON_HASH_ATTRIBUTE = 'data-hydrate-on-hash';
export const HYDRATE_ON_QUERY_ATTRIBUTE = 'data-hydrate-on-query';

export function HydrateOnLoad() {
  return <span hidden {...{ [HYDRATE_ON_LOAD_ATTRIBUTE]: '' }} />;
}

export function HydrateOnAddress({ hashes, query }: { hashes: readonly string[]; query?: string }) {
  return <span hidden {...{ [HYDRATE_ON_HASH_ATTRIBUTE]: hashes.join(' '), [HYDRATE_ON_QUERY_ATTRIBUTE]: query }} />;
}
