// The car fields the vehicle rules read (docs/requirements/vehicle-browsing.md#data). Rules take Pick<VehicleCar, ...>
// so any object with those fields (inventory record, search hit, fixture) can be passed.

type CarStatus = 'in_stock' | 'coming_soon' | 'sold' | (string & {});
type CarType = 'new' | 'used' | 'demo' | (string & {});

interface CarImage {
  /** placeholder: a blurred preview of the photo (a WebP data URI the server made from a feed photo). */
  image?: { url?: string; thumb?: { url?: string }; placeholder?: string };
  isVideo?: boolean;
}

export interface VehicleCar {
  id: number | string;
  slug: string;
  path?: string;
  name?: string;
  make: string;
  model?: string;
  badge?: string | null;
  series?: string | null;
  year?: number;
  km?: number;
  simple_body?: string | null;
  simple_fuel?: string | null;
  fuel?: string | null;
  price?: number | null;
  before_price?: number | null;
  offer_price?: number | null;
  subscription_price?: number | null;
  preorder?: boolean | null;
  price_type?: string | null;
  car_type?: CarType;
  item_type?: string | null;
  status?: CarStatus;
  tag?: string | null;
  reserved?: boolean | null;
  certified?: boolean | null;
  sold?: boolean | null;
  created_at?: string | number | null;
  images?: CarImage[];
  thumbnails?: string[];
  primary_image_url?: string | null;
  /** A blurred preview of the main photo (a WebP data URI the server made at import from a feed photo). */
  image_placeholder?: string | null;
  video_url?: string | null;
  spin_images?: string[] | null;
  spin_interior_image?: string | null;
  file?: string | null;
  rego_expiry?: string | null;
  dealercomments?: string | null;
  stocknum?: string | null;
  vin?: string | null;
  colour?: string | null;
  location_id?: number | null;
  youxQuote?: { weeklyRepaymentAmount?: number | null } | null;
  autograb_data?: { state_average_market_price?: number | null; average_market_price?: number | null } | null;
  variant?: { fuelconsumptioncombined?: number | string | null } | null;
}
