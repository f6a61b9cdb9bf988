// A block that acts on the whole page rather than on its own box (a lead dialog host reading the address and other
// blocks' buttons, a popup on a timer) renders this marker: lazy-hydration.ts then hydrates it
// once the page has loaded, wherever it sits, instead of waiting for the shopper to see or touch it.
export const HYDRATE_ON_LOAD_ATTRIBUTE = 'data-hydrate-on-load';

export function HydrateOnLoad() {
  return <span hidden {...{ [HYDRATE_ON_LOAD_ATTRIBUTE]: '' }} />;
}

// A block that must act before it is seen (similar cars start their search 500 px ahead) renders this marker instead:
// lazy-hydration.ts then opens its gate within that many pixels of the viewport rather than the usual 200.
export const HYDRATE_WITHIN_ATTRIBUTE = 'data-hydrate-within';

export function HydrateWhenNear({ px }: { px: number }) {
  return <span hidden {...{ [HYDRATE_WITHIN_ATTRIBUTE]: String(px) }} />;
}

// A block that shows only once the page scrolls (the vehicle page's sticky bars) renders this marker: lazy-hydration.ts
// then hydrates it on the first scroll (or a touch), not at load, so its code is not part of the first load.
export const HYDRATE_ON_SCROLL_ATTRIBUTE = 'data-hydrate-on-scroll';

export function HydrateOnScroll() {
  return <span hidden {...{ [HYDRATE_ON_SCROLL_ATTRIBUTE]: '' }} />;
}
