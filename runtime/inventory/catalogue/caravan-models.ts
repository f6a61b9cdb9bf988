import type { CaravanSpec } from './types';

// Australian caravan lines; length/width in mm, tare and ATM in kg.
export const CARAVAN_MODELS: CaravanSpec[] = [
  { make: 'Jayco', model: 'Journey', badges: ['19.61-3 Outback', '21.61-3 Outback', '23.71-4 Outback'], basePrice: 79990, since: 2012, sleeps: 4, axle: 'Tandem', length: 6900, width: 2440, tare: 2420, atm: 3200 },
  { make: 'Jayco', model: 'Starcraft', badges: ['17.55-1', '19.61-3', '21.61-3'], basePrice: 62990, since: 2010, sleeps: 4, axle: 'Single', length: 6100, width: 2410, tare: 1980, atm: 2500 },
  { make: 'Jayco', model: 'Silverline', badges: ['21.62-3', '23.64-3'], basePrice: 109990, since: 2014, sleeps: 2, axle: 'Tandem', length: 7400, width: 2460, tare: 2900, atm: 3500 },
  { make: 'Jayco', model: 'Crosstrak', badges: ['14.44-2'], basePrice: 49990, since: 2019, sleeps: 2, axle: 'Single', length: 5200, width: 2150, tare: 1480, atm: 1990 },
  { make: 'New Age', model: 'Manta Ray', badges: ['19ERS', '21ERD', 'MR16E'], basePrice: 84990, since: 2013, sleeps: 2, axle: 'Tandem', length: 7000, width: 2420, tare: 2520, atm: 3300 },
  { make: 'New Age', model: 'Big Red', badges: ['BR19ERD', 'BR22ERS'], basePrice: 99990, since: 2012, sleeps: 4, axle: 'Tandem', length: 7300, width: 2450, tare: 2780, atm: 3500 },
  { make: 'Lotus Caravans', model: 'Trooper', badges: ['21ft', '19ft Family'], basePrice: 129990, since: 2014, sleeps: 4, axle: 'Tandem', length: 7600, width: 2460, tare: 2950, atm: 3800 },
  { make: 'Avan', model: 'Aspire', badges: ['503', '555'], basePrice: 59990, since: 2015, sleeps: 2, axle: 'Single', length: 5600, width: 2300, tare: 1350, atm: 1750 },
  { make: 'Coronet', model: 'RV Caravan', badges: ['21ft Tourer', '23ft Family'], basePrice: 74990, since: 2016, sleeps: 6, axle: 'Tandem', length: 7100, width: 2450, tare: 2500, atm: 3200 },
  { make: 'Zone RV', model: 'Z-3', badges: ['15ft Off-Road'], basePrice: 119990, since: 2018, sleeps: 3, axle: 'Single', length: 5800, width: 2300, tare: 1950, atm: 2800 },
];
