// The instant offer flow (docs/requirements/dealer-services.md#states): four steps, the no-match panel, and where each answer leads.

export const WIZARD_STEPS = [
  { id: 'vehicle', title: 'Vehicle Details' },
  { id: 'selection', title: 'Vehicle Selection' },
  { id: 'images', title: 'Upload Images' },
  { id: 'details', title: 'Your Details' },
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number]['id'];
/** Where the wizard can be: a step, the no-match panel, or the outcome after the lead is sent. */
export type WizardView = WizardStep | 'no-match' | 'outcome';

/** One vehicle result (docs/requirements/dealer-services.md#data "Vehicle result fields"); the first item of every eval-expert answer. */
export interface VehicleResult {
  EvalID?: string;
  VIN?: string;
  EngineNo?: string;
  Registration?: string;
  RegExpiry?: string;
  KM?: number | null;
  Make?: string;
  Model?: string;
  Series?: string;
  Variant?: string;
  Year?: number | string;
  Transmission?: string;
  redbookCode?: string;
  Body?: string;
  Cylinders?: number | string;
  CompMth?: number | string;
  CompYr?: number | string;
  BuildMth?: number | string;
  BuildYr?: number | string;
  /** Spelt so by the valuation service (docs/requirements/dealer-services.md#data). */
  VechielDescriptions?: { Description: string }[];
  /** After update-eval: the instant offer in dollars, or null when none is given. */
  OfferPrice?: number | null;
}

export type LookupOutcome =
  | { kind: 'descriptions'; vin: string; descriptions: string[] }
  | { kind: 'evaluation'; vehicle: VehicleResult & { EvalID: string } }
  | { kind: 'no-match' };

/** docs/requirements/dealer-services.md#states steps 2-4: descriptions → choose one; a single evaluation → skip; anything else → no match. */
export function classifyLookup(answer: unknown): LookupOutcome {
  const first = Array.isArray(answer) ? (answer[0] as VehicleResult | undefined) : undefined;
  if (!first || typeof first !== 'object') return { kind: 'no-match' };
  const descriptions = Array.isArray(first.VechielDescriptions)
    ? first.VechielDescriptions.map((d) => (d && typeof d.Description === 'string' ? d.Description.trim() : '')).filter(Boolean)
    : [];
  if (descriptions.length > 0) return { kind: 'descriptions', vin: typeof first.VIN === 'string' ? first.VIN : '', descriptions };
  if (typeof first.EvalID === 'string' && first.EvalID) return { kind: 'evaluation', vehicle: first as VehicleResult & { EvalID: string } };
  return { kind: 'no-match' };
}

/** The step after an evaluation exists: images when the site takes them, else details (docs/requirements/dealer-services.md#states step 3). */
export const stepAfterEvaluation = (imageUpload: boolean): WizardStep => (imageUpload ? 'images' : 'details');

/** Where the lookup answer leads from step 1. */
export function viewAfterLookup(outcome: LookupOutcome, imageUpload: boolean): WizardView {
  if (outcome.kind === 'descriptions') return 'selection';
  if (outcome.kind === 'evaluation') return stepAfterEvaluation(imageUpload);
  return 'no-match';
}

/** The steps the progress indicator lists on this site (Upload Images only when image upload is on). */
export function visibleSteps(imageUpload: boolean): (typeof WIZARD_STEPS)[number][] {
  return WIZARD_STEPS.filter((s) => imageUpload || s.id !== 'images');
}

/** The back button is hidden on the first step (docs/requirements/dealer-services.md#screens). */
export const showBackButton = (view: WizardView) => view !== 'vehicle' && view !== 'outcome';

/** Back goes to the previous step actually visited (a skipped Vehicle Selection is not revisited). */
export function previousView(history: WizardView[]): { view: WizardView; history: WizardView[] } {
  if (history.length <= 1) return { view: 'vehicle', history: ['vehicle'] };
  const rest = history.slice(0, -1);
  return { view: rest.at(-1) ?? 'vehicle', history: rest };
}
