import type { Car, Variant, CaravanSpecifications } from '../../schemas/generated/car';
import type { Rng } from './prng';
import type { VehicleChoice } from './pick-vehicle';
import type { Powertrain } from './catalogue/types';

// Technical fields of a listing (fuel, gearbox, drive, engine, variant specs, caravan specifications).

type SpecFields = Pick<
  Car,
  | 'simple_body'
  | 'bodyconfiguration'
  | 'simple_fuel'
  | 'fuel'
  | 'simple_transmission'
  | 'trans'
  | 'gearnum'
  | 'simple_drive'
  | 'drive'
  | 'seats'
  | 'doors'
  | 'engine_size'
  | 'engine_size_litres'
  | 'variant'
  | 'specifications'
>;

const DRIVE_TEXT: Record<string, string> = {
  '4WD': 'Four Wheel Drive',
  AWD: 'All Wheel Drive',
  FWD: 'Front Wheel Drive',
  RWD: 'Rear Wheel Drive',
  '2WD': 'Rear Wheel Drive',
};

function fuelText(powertrain: Powertrain, premium: boolean): string {
  switch (powertrain.fuel) {
    case 'Petrol':
      return premium ? 'Premium Unleaded Petrol 95' : 'Unleaded Petrol 91';
    case 'Diesel':
      return 'Diesel';
    case 'Hybrid':
      return 'Hybrid Petrol/Electric';
    case 'Plug-in Hybrid':
      return 'Plug-in Hybrid Petrol/Electric';
    case 'Electric':
      return 'Electric';
  }
}

function cylinders(p: Powertrain): number | null {
  if (p.fuel === 'Electric') return null;
  if (p.litres <= 1.3) return 3;
  if (p.litres <= 2.8 || (p.fuel === 'Diesel' && p.litres <= 3.0)) return 4;
  if (p.litres <= 4.0) return 6;
  return 8;
}

function consumption(p: Powertrain, rng: Rng): number | null {
  if (p.fuel === 'Electric') return null;
  if (p.fuel === 'Plug-in Hybrid') return Math.round(rng.float(1.5, 2.5) * 10) / 10;
  if (p.fuel === 'Hybrid') return Math.round(rng.float(4.0, 5.6) * 10) / 10;
  const base = p.fuel === 'Diesel' ? 5.2 + p.litres * 0.9 : 3.6 + p.litres * 1.6;
  return Math.round(base * rng.float(0.95, 1.08) * 10) / 10;
}

function torque(p: Powertrain, rng: Rng): number {
  if (p.fuel === 'Electric') return rng.pick([310, 350, 430, 605]);
  const perLitre = p.fuel === 'Diesel' ? 170 : p.turbo ? 150 : 100;
  return Math.round((p.litres * perLitre * rng.float(0.95, 1.05)) / 5) * 5;
}

/** Blanks a few spec values the ways feeds do (null, 'null', '') so pages exercise hiding (docs/requirements/vehicle-browsing.md#validation). */
export function blankSomeSpecs<T extends object>(rng: Rng, specs: T, howMany: number): T {
  const copy = { ...specs } as Record<string, unknown>;
  for (const key of rng.sample(Object.keys(copy), howMany)) copy[key] = rng.pick([null, 'null', '']);
  return copy as T;
}

function carSpecs(choice: Extract<VehicleChoice, { kind: 'car' }>, year: number, rng: Rng): SpecFields {
  const { spec, powertrain } = choice;
  const electric = powertrain.fuel === 'Electric';
  const hybridCvt = powertrain.fuel === 'Hybrid' && rng.chance(0.7);
  const gears = electric ? 1 : hybridCvt ? null : choice.transmission === 'Manual' ? 6 : rng.pick([6, 8, 8, 9, 10]);
  const trans = electric
    ? '1 Speed Reduction Gear'
    : hybridCvt
      ? 'Continuous Variable'
      : `${gears} Speed ${choice.transmission === 'Manual' ? 'Manual' : rng.pick(['Automatic', 'Sports Automatic'])}`;
  const cc = electric ? null : Math.round(powertrain.litres * 1000 - rng.int(0, 40));
  const variant: Variant = {
    cylinders: cylinders(powertrain),
    enginesize: cc,
    enginesize_litres: electric ? null : powertrain.litres,
    induction: electric ? null : powertrain.turbo ? (powertrain.fuel === 'Diesel' ? 'Turbo Intercooled' : 'Turbo') : 'Aspirated',
    fuelconsumptioncombined: consumption(powertrain, rng),
    fuelcapacity: electric ? null : spec.tank,
    grossvehiclemass: spec.gvm,
    vehiclelength: spec.size[0],
    vehicleheight: spec.size[2],
    vehiclewidth: spec.size[1],
    towingcapacitybraked: spec.towing || null,
    torque: torque(powertrain, rng),
    bodyconfiguration: spec.bodyconfiguration,
    ancaprating: year >= 2015 ? rng.pick([5, 5, 5, 4]) : 'Not Tested',
    geartype: choice.transmission,
  };
  return {
    simple_body: spec.body,
    bodyconfiguration: spec.bodyconfiguration,
    simple_fuel: powertrain.fuel,
    fuel: fuelText(powertrain, spec.basePrice > 70000),
    simple_transmission: choice.transmission,
    trans,
    gearnum: gears,
    simple_drive: choice.drive,
    drive: DRIVE_TEXT[choice.drive],
    seats: spec.seats,
    doors: spec.doors,
    engine_size: cc,
    engine_size_litres: electric ? null : powertrain.litres,
    variant,
    specifications: null,
  };
}

export function vehicleSpecs(choice: VehicleChoice, year: number, rng: Rng): SpecFields {
  if (choice.kind === 'car') return carSpecs(choice, year, rng);
  if (choice.kind === 'caravan') {
    const s = choice.spec;
    const grow = choice.badgeIndex * 300;
    const specifications: CaravanSpecifications = {
      body_width: s.width,
      body_length: s.length + grow,
      tare_weight: s.tare + choice.badgeIndex * 120,
      axle_type: s.axle,
      sleeps: s.sleeps,
      aggregate_trailer_mass: s.atm,
    };
    return {
      simple_body: 'Caravan',
      bodyconfiguration: 'Caravan',
      simple_fuel: null,
      fuel: null,
      simple_transmission: null,
      trans: null,
      gearnum: null,
      simple_drive: null,
      drive: null,
      seats: null,
      doors: 1,
      engine_size: null,
      engine_size_litres: null,
      variant: null,
      specifications,
    };
  }
  const m = choice.spec;
  const manualGears = m.make === 'Harley-Davidson' ? 6 : rng.pick([5, 6]);
  return {
    simple_body: 'Motorcycle',
    bodyconfiguration: m.category,
    simple_fuel: 'Petrol',
    fuel: 'Premium Unleaded Petrol 95',
    simple_transmission: 'Manual',
    trans: `${manualGears} Speed Manual`,
    gearnum: manualGears,
    simple_drive: 'RWD',
    drive: 'Chain Drive',
    seats: m.category === 'Sport' ? 1 : 2,
    doors: null,
    engine_size: m.cc,
    engine_size_litres: Math.round(m.cc / 100) / 10,
    variant: {
      cylinders: m.cylinders,
      enginesize: m.cc,
      enginesize_litres: Math.round(m.cc / 100) / 10,
      induction: 'Aspirated',
      fuelconsumptioncombined: Math.round((2.5 + m.cc / 400) * 10) / 10,
      fuelcapacity: rng.pick([13, 14, 16, 18, 22]),
      grossvehiclemass: null,
      vehiclelength: null,
      vehicleheight: null,
      vehiclewidth: null,
      towingcapacitybraked: null,
      torque: Math.round(m.cc / 12),
      bodyconfiguration: m.category,
      ancaprating: null,
      geartype: 'Manual',
    },
    specifications: null,
  };
}
