// What a model card shows (docs/requirements/dealer-services.md#screens model range browser, #states status badges, #constants description cut at 200).
import { formatMoney, truncate } from '../format';
import type { Model, ModelStatus } from './model';

/** docs/requirements/dealer-services.md#constants: model description truncation 200. */
const MODEL_DESCRIPTION_MAX = 200;

/** The short description as the card shows it: at most 200 characters, then '...'. */
export function modelCardDescription(text: string | null | undefined): string {
  return truncate((text ?? '').trim(), MODEL_DESCRIPTION_MAX);
}

/** docs/requirements/dealer-services.md#states: status new shows a NEW badge, coming_soon shows COMING SOON; anything else none. */
export function modelStatusBadge(status: ModelStatus | string | null | undefined): 'NEW' | 'COMING SOON' | null {
  if (status === 'new') return 'NEW';
  if (status === 'coming_soon') return 'COMING SOON';
  return null;
}

/** 'From $34,990', or null when the model has no price (the From price is optional). */
export function modelFromPriceText(fromPrice: number | null | undefined): string | null {
  return typeof fromPrice === 'number' && Number.isFinite(fromPrice) && fromPrice > 0 ? `From ${formatMoney(fromPrice)}` : null;
}

/**
 * The From price: the catalogue's own, or else the lowest new price in the site's stock; null when neither is known
 * (a price of 0 means no price, as on cars).
 */
export function modelFromPrice(catalogueFromPrice: number | null | undefined, lowestNewStockPrice: number | null | undefined): number | null {
  const positive = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null);
  return positive(catalogueFromPrice) ?? positive(lowestNewStockPrice);
}

/** docs/requirements/dealer-services.md#screens: model pages use /{model slug}, new_slug preferred over slug; an override_url replaces the page. */
export function modelPagePath(model: Pick<Model, 'slug' | 'new_slug' | 'override_url'>): string {
  if (model.override_url) return model.override_url;
  return `/${model.new_slug || model.slug}`;
}

/** The site's stock of the model: /search/{make}/{model}, the same slugs the search index stores. */
export { modelSearchPath } from '../make-names';

/** The comments an enquiry from a model page starts with: "I'm interested in the Mazda CX-5." */
export function modelEnquiryMessage(model: Pick<Model, 'manufacturer_name' | 'name'>): string {
  return `I'm interested in the ${modelFullName(model)}.`;
}

/** Make and model as one name, without saying the make twice: 'Mazda CX-5', but 'Mazda3' and 'Lotus Caravans Discovery'. */
export function modelFullName(model: Pick<Model, 'manufacturer_name' | 'name'>): string {
  const make = model.manufacturer_name.trim();
  return model.name.toLowerCase().startsWith(make.toLowerCase()) ? model.name : `${make} ${model.name}`;
}
