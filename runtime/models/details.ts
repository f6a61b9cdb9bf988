// Showroom copy and status of the models, beside the stock catalogue they are derived from (data, not logic).
// Models without copy here get a description written from their catalogue row (see descriptions.ts).
import type { ModelStatus } from '../domain/models';
import type { SimpleBody } from '../inventory/catalogue/types';

export interface ModelDetails {
  description?: string;
  status?: ModelStatus;
  /** The catalogue has no list price for it: the card's From price comes from the site's new stock. */
  noListPrice?: boolean;
  /** A model page elsewhere (docs/requirements/dealer-services.md#data override_url). */
  overrideUrl?: string;
}

/** Models first sold in Australia in this model year or later are shown as NEW (docs/requirements/dealer-services.md#states). */
export const NEW_MODEL_SINCE = 2023;

/** Keyed by 'Make|model' as the stock catalogue spells them. */
export const MODEL_DETAILS: Readonly<Record<string, ModelDetails>> = {
  'Mazda|2': {
    description:
      'The city-sized Mazda2 is nimble, frugal and fun, with a 1.5-litre engine, a choice of manual or automatic, and the same attention to detail as Mazdas costing twice as much.',
  },
  'Mazda|3': {
    description:
      'The Mazda3 hatch pairs a beautifully made cabin with sharp handling and efficient SKYACTIV-G engines. Choose from G20 Pure to the leather-trimmed G25 Astina, with a 10.5-inch display, i-ACTIVSENSE safety and a 5 year unlimited kilometre warranty on every grade.',
  },
  'Mazda|CX-5': {
    description:
      "Australia's favourite medium SUV, the CX-5 blends a quiet, premium cabin with confident road manners. Petrol, turbo-petrol and diesel engines, front- or all-wheel drive, and room for five with a practical 442-litre boot.",
  },
  'Mazda|CX-30': {
    description:
      'A compact SUV with coupe-like lines, the CX-30 sits between the Mazda3 and CX-5 with a higher driving position and a cabin finished well above its class.',
  },
  'Mazda|BT-50': {
    description:
      'Built tough for work and weekends, the BT-50 dual cab carries a 3.0-litre turbo-diesel, 3,500 kg braked towing and a one-tonne payload, with 4x2 and 4x4 grades from XS to the Thunder.',
  },
  'Mazda|CX-90': {
    noListPrice: true,
    description:
      "Mazda's flagship seven-seat SUV, the CX-90 brings inline six-cylinder petrol and diesel engines, all-wheel drive and three rows of premium seating. Touring, GT and Azami grades, each with a 12.3-inch display and a 360-degree view monitor.",
  },
  'Mazda|MX-5': {
    noListPrice: true,
    description: 'The world’s best-selling two-seat roadster: light, balanced and pure fun, with a soft top or the folding hard-top RF.',
  },
};

/** Models announced for Australia that are not yet in the stock catalogue (so no stock and no price yet). */
export interface UpcomingModel {
  kind: 'car';
  make: string;
  model: string;
  /** Display name when it is not the model itself. */
  name?: string;
  body: SimpleBody[];
  bodyconfiguration: string;
  status: ModelStatus;
  description: string;
}

export const UPCOMING_MODELS: readonly UpcomingModel[] = [
  {
    kind: 'car',
    make: 'Mazda',
    model: 'CX-80',
    body: ['SUV'],
    bodyconfiguration: 'Wagon',
    status: 'new',
    description:
      'A longer, roomier sibling to the CX-90, the CX-80 seats seven with a plug-in hybrid or six-cylinder diesel, and second-row captain’s chairs on higher grades.',
  },
  {
    kind: 'car',
    make: 'Mazda',
    model: '6e',
    name: 'Mazda 6e',
    body: ['Sedan'],
    bodyconfiguration: 'Liftback',
    status: 'coming_soon',
    description:
      'Mazda’s first all-electric sedan for Australia: a sleek liftback with a long-range battery, a minimalist cabin and fast charging. Register your interest to hear about pricing and arrival dates first.',
  },
  {
    kind: 'car',
    make: 'Kia',
    model: 'Tasman',
    body: ['Ute', 'Cab Chassis'],
    bodyconfiguration: 'Dual Cab Pick Up',
    status: 'coming_soon',
    description:
      'Kia’s first ute, designed with Australian buyers in mind: a 2.2-litre turbo-diesel, 3,500 kg braked towing and dual cab, single cab and cab chassis bodies.',
  },
];
