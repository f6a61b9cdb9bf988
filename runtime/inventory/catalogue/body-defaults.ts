import type { SimpleBody } from './types';

// Typical seats, doors, size and masses per body, so catalogue rows stay one line each.
export interface BodyDefaults {
  seats: number;
  doors: number;
  size: [number, number, number];
  gvm: number;
  towing: number;
  tank: number;
}

export const BODY_DEFAULTS: Record<SimpleBody, BodyDefaults> = {
  Sedan: { seats: 5, doors: 4, size: [4700, 1820, 1450], gvm: 2050, towing: 1200, tank: 60 },
  Hatch: { seats: 5, doors: 5, size: [4300, 1790, 1460], gvm: 1850, towing: 1100, tank: 50 },
  SUV: { seats: 5, doors: 5, size: [4600, 1860, 1690], gvm: 2400, towing: 2000, tank: 60 },
  Ute: { seats: 5, doors: 4, size: [5330, 1900, 1815], gvm: 3100, towing: 3500, tank: 80 },
  Wagon: { seats: 5, doors: 5, size: [4870, 1875, 1675], gvm: 2200, towing: 1800, tank: 63 },
  Van: { seats: 3, doors: 4, size: [5270, 1950, 1990], gvm: 3300, towing: 2000, tank: 70 },
  Coupe: { seats: 4, doors: 2, size: [4700, 1900, 1380], gvm: 2100, towing: 0, tank: 61 },
  Convertible: { seats: 2, doors: 2, size: [3915, 1735, 1235], gvm: 1400, towing: 0, tank: 45 },
  'Cab Chassis': { seats: 2, doors: 2, size: [5270, 1855, 1790], gvm: 3000, towing: 3500, tank: 80 },
  'People Mover': { seats: 8, doors: 5, size: [5155, 1995, 1775], gvm: 2900, towing: 2000, tank: 72 },
  Caravan: { seats: 0, doors: 1, size: [7500, 2400, 3000], gvm: 3000, towing: 0, tank: 0 },
  Motorcycle: { seats: 2, doors: 0, size: [2150, 850, 1200], gvm: 400, towing: 0, tank: 15 },
};
