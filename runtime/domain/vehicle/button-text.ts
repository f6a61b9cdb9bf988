// The finance buttons' texts a site picks from the spec's options (Get Finance, Get Pre-Approved, Pre-Approved): the
// Get Finance button of the vehicle sidebar and of search cards, and the button on the sidebar's finance card.
import type { ResolvedVehicleSettings } from '../../../schemas/generated/settings';

type FinanceButtonText = 'Get Finance' | 'Get Pre-Approved' | 'Pre-Approved';

interface FinanceButtonTexts {
  finance: FinanceButtonText;
  financeCard: FinanceButtonText;
}

const DEFAULT_TEXTS: FinanceButtonTexts = { finance: 'Get Finance', financeCard: 'Get Pre-Approved' };

export function financeButtonTexts(vehicle: Pick<ResolvedVehicleSettings, 'buttonText'> | undefined): FinanceButtonTexts {
  return { ...DEFAULT_TEXTS, ...vehicle?.buttonText };
}
