// The tenant's finance settings as a validated document holds them: the validator fills in every default written in
// schemas/settings/finance.schema.json, so code reads them directly and keeps no copy of a default.
import type { ResolvedFinanceSettings } from '../../../schemas/generated/settings';

export type { ResolvedFinanceSettings };

type CalculatorSettings = ResolvedFinanceSettings['calculator'];
export type LenderId = Exclude<ResolvedFinanceSettings['provider'], 'none'>;
export type RoundingMode = CalculatorSettings['rounding'];
