import type { MotorcycleSpec } from './types';

// Motorcycles sold in Australia; basePrice is ride away AUD.
export const MOTORCYCLE_MODELS: MotorcycleSpec[] = [
  { make: 'Honda', model: 'CRF300L', badges: ['CRF300L', 'Rally'], category: 'Adventure', basePrice: 8999, since: 2021, cc: 286, cylinders: 1 },
  {
    make: 'Honda',
    model: 'Africa Twin',
    badges: ['CRF1100L', 'Adventure Sports ES'],
    category: 'Adventure',
    basePrice: 23999,
    since: 2016,
    cc: 1084,
    cylinders: 2,
  },
  { make: 'Honda', model: 'CB650R', badges: ['CB650R', 'E-Clutch'], category: 'Naked', basePrice: 14499, since: 2019, cc: 649, cylinders: 4 },
  { make: 'Yamaha', model: 'MT-07', badges: ['MT-07', 'MT-07 LAMS'], category: 'Naked', basePrice: 12499, since: 2014, cc: 689, cylinders: 2 },
  { make: 'Yamaha', model: 'Tenere 700', badges: ['Tenere 700', 'World Raid'], category: 'Adventure', basePrice: 18299, since: 2019, cc: 689, cylinders: 2 },
  { make: 'Yamaha', model: 'YZF-R3', badges: ['YZF-R3'], category: 'Sport', basePrice: 8999, since: 2015, cc: 321, cylinders: 2 },
  { make: 'Kawasaki', model: 'Ninja 400', badges: ['Ninja 400', 'KRT Edition'], category: 'Sport', basePrice: 8999, since: 2018, cc: 399, cylinders: 2 },
  { make: 'Kawasaki', model: 'Z900', badges: ['Z900', 'Z900 SE'], category: 'Naked', basePrice: 16299, since: 2017, cc: 948, cylinders: 4 },
  {
    make: 'Harley-Davidson',
    model: 'Street Glide',
    badges: ['Street Glide', 'Street Glide Special'],
    category: 'Touring',
    basePrice: 45995,
    since: 2014,
    cc: 1923,
    cylinders: 2,
  },
  { make: 'Harley-Davidson', model: 'Sportster S', badges: ['Sportster S'], category: 'Cruiser', basePrice: 27995, since: 2021, cc: 1252, cylinders: 2 },
  { make: 'Ducati', model: 'Monster', badges: ['Monster', 'Monster +', 'Monster SP'], category: 'Naked', basePrice: 21800, since: 2021, cc: 937, cylinders: 2 },
  { make: 'BMW', model: 'R 1300 GS', badges: ['Option 719', 'Trophy'], category: 'Adventure', basePrice: 33890, since: 2023, cc: 1300, cylinders: 2 },
  { make: 'Triumph', model: 'Bonneville T120', badges: ['T120', 'T120 Black'], category: 'Classic', basePrice: 22090, since: 2016, cc: 1200, cylinders: 2 },
  { make: 'KTM', model: '390 Duke', badges: ['390 Duke'], category: 'Naked', basePrice: 8995, since: 2017, cc: 399, cylinders: 1 },
  { make: 'Suzuki', model: 'V-Strom 650', badges: ['DL650', 'DL650XT'], category: 'Adventure', basePrice: 12990, since: 2012, cc: 645, cylinders: 2 },
  { make: 'Royal Enfield', model: 'Himalayan', badges: ['Himalayan 450'], category: 'Adventure', basePrice: 8490, since: 2018, cc: 452, cylinders: 1 },
];
