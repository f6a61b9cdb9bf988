// Lead rules shared by the forms (browser) and POST /api/leads (server) (docs/requirements/dealer-services.md#screens
// to #constants; docs/requirements/vehicle-browsing.md#screens, #calls, #errors).
//
// API
//   leadFormConfig(form, settings.leads.forms, dealerships) -> LeadFormConfig   which fields a form shows/requires
//   visibleFields(config), leadFormDefaults(config)                              field order, initial values (opt_in true)
//   leadFormSchema(config, { step? }) -> JSON Schema (draft-07 + ajv-errors)     use with ajvResolver(schema) in forms
//   validateLeadValues(config, values, { step? }) -> { field: message } | null  the same check, as the server runs it
//   buildLeadPayload(values, context, config?) -> LeadPayload                    every field the CRM receives
//   leadAction(form, car?) -> the tracked action of a successful lead (its id: the site's table, eventFor)
//   shouldStoreDetails(values), detailsToStore(values)                           remembered contact details
//   LEAD_MESSAGES, REQUEST_PHOTOS_MESSAGE, HONEYPOT_FIELD, LEAD_FIELDS           texts and field names
//   Request body of POST /api/leads: LeadSubmission (below); answers 201 { lead_id } or { error, fields? }.
export * from './events';
export * from './form-config';
export * from './messages';
export * from './payload';
export * from './schema';
export * from './stored-details';
export * from './submission';
export * from './validate';
