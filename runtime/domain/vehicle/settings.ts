// Vehicle settings are read as the validated document holds them: every schema default filled in
// (ResolvedVehicleSettings, schemas/generated/settings.ts). The schema is their one default.
export type * from '../../../schemas/generated/settings';
