// What the Trade-in Enquiry lead carries about the valuation (docs/requirements/dealer-services.md#data "Trade-in valuation" and "Vehicle result
// fields"), built on the server from the stored evaluation: the browser's copy is never trusted.
import type { VehicleResult } from './steps';

export interface TradeInValuationFields {
  evalid: string;
  rego: string;
  state: string;
  regoState: string;
  /** The description chosen on Vehicle Selection, or null when the lookup found one evaluation. */
  manualEntry: string | null;
  /** Authenticated links for staff to the uploaded photos. */
  images: string[];
  postcode: string;
  odometer: number;
  service_history: string;
  number_of_keys: string;
  car_condition: string;
  comments: string;
  /** The instant offer in dollars; null when the car is outside the instant value rule or the model had no figure. */
  offer_price: number | null;
  /** The date (yyyy-mm-dd) the offer holds until (docs/requirements/dealer-services.md#constants: 7 days). */
  offer_valid_until: string | null;
  offer_accepted: boolean;
  form_completed: boolean;
  PreferredContactMethod: string;
  finance: string;
  /** The vehicle as the valuation service described it. */
  vehicle: VehicleResult;
}
