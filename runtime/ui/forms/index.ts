// Shared lead-form UI (seed 001 §2-§8). Blocks and dialogs build on these; the rules live in runtime/domain/leads.
//   <LeadForm form="enquiry" car={leadFormCar(car)} />      a whole lead form, validated with leadFormSchema
//   TextField, TextAreaField, SelectField, CheckboxField (markup labels), PostcodeField (4 characters),
//   MoneyField ($ prefix, separators, quick picks), KmsField (kms suffix, quick picks), ErrorList, FormAlert
//   (fields read react-hook-form's context: wrap them in <FormProvider>)
export * from './appointment-slots';
export * from './browser-storage';
export * from './ErrorList';
export * from './fields';
export * from './lead-car';
export * from './lead-fields';
export * from './LeadForm';
export * from './MarkupText';
export * from './number-fields';
export * from './number-input';
export * from './submit-lead';
export * from '../tracking';
