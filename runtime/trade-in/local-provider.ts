// The offline valuation provider: the demo register (demo-register.ts) for lookups and the offer model of
// runtime/domain/trade-in over the site's own stock. Deterministic: the same rego gives the same answers.
import { createHash } from 'node:crypto';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { instantOffer, type ComparableCar } from '../domain/trade-in';
import { DEMO_REGISTER, demoKey, demoResult, demoVehicleByVin } from './demo-register';
import type { ValuationProvider } from './provider';

/** What the local provider needs of the catalogue (CarCatalogue.search). */
export interface StockSearch {
  search(tenant: TenantDocument, params: { q: string; filter: string[]; limit: number; attributesToRetrieve: string[] }): Promise<{ hits: unknown[] }>;
}

const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const evalIdOf = (vin: string, description: string) => `LOCAL-${createHash('sha256').update(`${vin}\0${description}`).digest('hex').slice(0, 16)}`;

export function localValuationProvider(stock: () => StockSearch | undefined): ValuationProvider {
  return {
    name: 'local',
    async enterVin(rego, state) {
      const d = DEMO_REGISTER[demoKey(rego, state)];
      if (!d) return [];
      if (d.descriptions.length > 1)
        return [{ VIN: d.VIN, Registration: rego.toUpperCase(), VechielDescriptions: d.descriptions.map((x) => ({ Description: x.Description })) }];
      const only = d.descriptions[0];
      if (!only) return [];
      return [{ EvalID: evalIdOf(d.VIN, only.Description), ...demoResult(d, rego.toUpperCase(), only) }];
    },
    async manualEntry(vin, desc) {
      const d = demoVehicleByVin(vin);
      const chosen = d?.descriptions.find((x) => x.Description === desc);
      if (!d || !chosen) return [];
      return [{ EvalID: evalIdOf(d.VIN, chosen.Description), ...demoResult(d, undefined, chosen) }];
    },
    async updateEval(input, vehicle, tenant) {
      const search = stock();
      let comparables: ComparableCar[] = [];
      if (search && vehicle.Make) {
        const { hits } = await search.search(tenant, {
          q: '',
          filter: [`make = ${quoted(vehicle.Make)}`, 'price > 0'],
          limit: 500,
          attributesToRetrieve: ['make', 'model', 'year', 'km', 'price'],
        });
        comparables = hits as ComparableCar[];
      }
      const offer = instantOffer({ make: vehicle.Make ?? '', model: vehicle.Model ?? '', year: Number(vehicle.Year), km: input.km }, comparables);
      return [{ ...vehicle, EvalID: input.evalid, KM: input.km, OfferPrice: offer }];
    },
  };
}
