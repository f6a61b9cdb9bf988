// Where 'Value My Trade-In' goes (docs/requirements/dealer-services.md#screens routes): the car's own valuation page /cars/trade-in?car_id={id} when
// the site has it, else its sell-your-car page with the car carried along; null when the site has neither, so no
// button links to a 404.
const TRADE_IN_PAGES = ['/cars/trade-in', '/trade-in', '/sell-my-car'] as const;

export function tradeInPath(pages: Record<string, unknown>, carId: number | string): string | null {
  const page = TRADE_IN_PAGES.find((p) => p in pages);
  return page ? `${page}?car_id=${encodeURIComponent(String(carId))}` : null;
}
