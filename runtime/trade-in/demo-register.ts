// The local provider's register of demo registrations (documented in README.md, "Trade-in demo registrations"):
// fixed and deterministic, so a tester knows which rego does what. Every other rego is unknown (no match).
import type { VehicleResult } from '../domain/trade-in';

export interface DemoVehicle {
  VIN: string;
  Make: string;
  Model: string;
  Year: number;
  Body: string;
  Transmission: string;
  Cylinders: number;
  /** Several descriptions → Vehicle Selection; one → a single evaluation (the step is skipped). */
  descriptions: { Description: string; Series: string; Variant: string; redbookCode: string }[];
}

const v = (VIN: string, Make: string, Model: string, Year: number, Body: string, descriptions: [string, string, string][]): DemoVehicle => ({
  VIN,
  Make,
  Model,
  Year,
  Body,
  Transmission: 'Automatic',
  Cylinders: 4,
  descriptions: descriptions.map(([Series, Variant, redbookCode]) => ({
    Description: `${Year} ${Make} ${Model} ${Variant} ${Series} ${Body}`,
    Series,
    Variant,
    redbookCode,
  })),
});

/** Keyed by `${state}:${REGO}`. */
export const DEMO_REGISTER: Record<string, DemoVehicle> = {
  'qld:TRADE1': v('JM0KF4WLA00000001', 'Mazda', 'CX-5', 2021, 'Wagon', [
    ['KF Series', 'Maxx Sport', 'MAZ21CX5MS'],
    ['KF Series', 'Touring', 'MAZ21CX5TO'],
    ['KF Series', 'GT', 'MAZ21CX5GT'],
  ]),
  'nsw:PICK22': v('KMHH351EMLU000002', 'Hyundai', 'i30', 2020, 'Hatchback', [
    ['PD2', 'Active', 'HYU20I30AC'],
    ['PD2', 'Elite', 'HYU20I30EL'],
  ]),
  'qld:EVAL01': v('MR0HA3CD100000003', 'Toyota', 'Corolla', 2022, 'Hatchback', [['ZWE211R', 'Ascent Sport', 'TOY22CORAS']]),
  'vic:EVAL02': v('JMFXTGF6WNZ000004', 'Mitsubishi', 'Outlander', 2023, 'Wagon', [['ZM', 'ES', 'MIT23OUTES']]),
  'qld:OLD123': v('6G1FK5EP0CL000005', 'Holden', 'Commodore', 2012, 'Sedan', [['VE II', 'Omega', 'HOL12COMOM']]),
};

export const demoKey = (rego: string, state: string) => `${state.toLowerCase()}:${rego.toUpperCase()}`;

export function demoVehicleByVin(vin: string): DemoVehicle | undefined {
  return Object.values(DEMO_REGISTER).find((d) => d.VIN === vin);
}

/** The vehicle result fields of one description of a demo vehicle (without EvalID). */
export function demoResult(d: DemoVehicle, rego: string | undefined, description: DemoVehicle['descriptions'][number]): VehicleResult {
  return {
    VIN: d.VIN,
    EngineNo: `E${d.VIN.slice(-8)}`,
    Registration: rego ?? '',
    RegExpiry: '',
    KM: null,
    Make: d.Make,
    Model: d.Model,
    Series: description.Series,
    Variant: description.Variant,
    Year: d.Year,
    Transmission: d.Transmission,
    redbookCode: description.redbookCode,
    Body: d.Body,
    Cylinders: d.Cylinders,
    CompMth: 1,
    CompYr: d.Year,
    BuildMth: 1,
    BuildYr: d.Year,
  };
}
