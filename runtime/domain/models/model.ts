// The model and manufacturer records the range browser and the directory show (docs/requirements/dealer-services.md#data Model, Manufacturer list).

/** docs/requirements/dealer-services.md#data, #states: a model's status: new shows a NEW badge, coming_soon shows COMING SOON. */
export type ModelStatus = 'new' | 'coming_soon';

export interface Model {
  id: number;
  name: string;
  slug: string;
  /** Preferred over slug for the model page address (docs/requirements/dealer-services.md#screens). */
  new_slug: string | null;
  /** A page elsewhere that replaces the model page. */
  override_url: string | null;
  manufacturer_name: string;
  /** The manufacturer's own body names for the model (first, second and third). */
  manufacturer_body: string | null;
  manufacturer_body2: string | null;
  manufacturer_body3: string | null;
  /** Body types (simple_body values) the model comes as; the category buttons and the body filter use these. */
  body: string[];
  image: { url: string };
  cloudfront_new_image_url?: string | null;
  /** Lowest price of the range in whole dollars, or null when none is known. */
  from_price: number | null;
  short_description: string;
  status: ModelStatus | null;
  /** Not a seed field: the site's stock of this model (/search/{make}/{model}), where Explore goes until model pages exist. */
  search_path: string;
}

export interface Manufacturer {
  id: number;
  name: string;
  slug: string;
  logo: { url: string };
}
