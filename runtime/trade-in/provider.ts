// The valuation service behind one interface (DESIGN.md principle 5): a local provider that works offline from
// shipped data (the default) and an HTTP adapter for a real service. Answers are lists whose first item holds the
// fields docs/requirements/dealer-services.md#data names (EvalID, VIN, Make, ..., VechielDescriptions), as the eval-expert calls return them.
import type { TenantDocument } from '../../schemas/generated/tenant';
import type { VehicleResult } from '../domain/trade-in';

interface UpdateEvalInput {
  /** The provider's own evaluation id. */
  evalid: string;
  km: number;
  userEmail: string;
  cName: string;
  cEmail: string;
  cPhone: string;
}

export interface ValuationProvider {
  readonly name: 'local' | 'http';
  /** POST enter-vin {rego, state}: descriptions to choose from, one evaluation, or an empty list (no match). */
  enterVin(rego: string, state: string, tenant: TenantDocument): Promise<VehicleResult[]>;
  /** POST manual-entry {vin, desc}: the evaluation of the chosen description. */
  manualEntry(vin: string, desc: string, tenant: TenantDocument): Promise<VehicleResult[]>;
  /** POST update-eval: the evaluation with odometer and customer; OfferPrice is the instant offer (null: none). */
  updateEval(input: UpdateEvalInput, vehicle: VehicleResult, tenant: TenantDocument): Promise<VehicleResult[]>;
}

/** A failure the shopper is told about (as the wizard's step error); `status` is the HTTP answer of our API. */
export class ValuationError extends Error {
  constructor(
    message: string,
    readonly status = 502,
  ) {
    super(message);
  }
}
