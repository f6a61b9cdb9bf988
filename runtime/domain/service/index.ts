// Service booking rules shared by the service blocks (browser) and POST /api/leads (server)
// (docs/requirements/dealer-services.md#screens, #data, #validation, #errors, #constants).
//
// API
//   serviceFormConfig(settings, site, settings.locations.dropdown) -> steps per variant, required fields, locations
//   validateServiceStep(config, index, values, now), validateServiceBooking(config, values, now) -> errors | null
//   serviceDateProblem(location, date, now, days?), openServiceDates(location, now, days)   Preferred Service Date
//   serviceLeadFields(config, values), serviceLeadBaseValues(config, values)                what the CRM receives
//   quickSmartText, freeRideText, complimentaryServiceText, warrantyText, servicePerkText    content from settings
export * from './content';
export * from './messages';
export * from './service-dates';
export * from './service-lead';
export * from './wizard';
