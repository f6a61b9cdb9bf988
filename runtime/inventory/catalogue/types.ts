// Shapes of the stock catalogue the generator draws from (data, not logic).

/** simple_body values the sites facet on; also picks the drawing in car-image.ts. */
export type SimpleBody =
  | 'Sedan'
  | 'Hatch'
  | 'SUV'
  | 'Ute'
  | 'Wagon'
  | 'Van'
  | 'Coupe'
  | 'Convertible'
  | 'Cab Chassis'
  | 'People Mover'
  | 'Caravan'
  | 'Motorcycle';

export type SimpleFuel = 'Petrol' | 'Diesel' | 'Hybrid' | 'Plug-in Hybrid' | 'Electric';
export type SimpleDrive = 'FWD' | 'RWD' | 'AWD' | '4WD' | '2WD';
export type SimpleTransmission = 'Automatic' | 'Manual';

export interface Powertrain {
  fuel: SimpleFuel;
  /** 0 for electric. */
  litres: number;
  turbo: boolean;
}

export interface CarModelSpec {
  make: string;
  model: string;
  body: SimpleBody;
  bodyconfiguration: string;
  /** Ordered from entry grade to top grade; higher grades cost more. */
  badges: string[];
  series: string[];
  /** New price of the entry grade, AUD drive away. */
  basePrice: number;
  powertrains: Powertrain[];
  drives: SimpleDrive[];
  transmissions: SimpleTransmission[];
  /** First model year sold in Australia (used stock is never older). */
  since: number;
  seats: number;
  doors: number;
  /** length, width, height in mm */
  size: [number, number, number];
  gvm: number;
  towing: number;
  tank: number;
}

export interface CaravanSpec {
  make: string;
  model: string;
  badges: string[];
  basePrice: number;
  since: number;
  sleeps: number;
  axle: 'Single' | 'Tandem';
  /** body length and width in mm */
  length: number;
  width: number;
  tare: number;
  atm: number;
  /** Series the line comes in; a listing's is chosen by its id (no draw from the random stream, so other listings stay as they were). */
  series?: string[];
}

export interface MotorcycleSpec {
  make: string;
  model: string;
  badges: string[];
  category: string;
  basePrice: number;
  since: number;
  cc: number;
  cylinders: number;
}
