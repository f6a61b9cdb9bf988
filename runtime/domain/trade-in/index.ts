// Instant offer (trade-in) rules shared by the wizard (browser) and the eval-expert routes (server)
// (docs/requirements/dealer-services.md#screens to #constants).
//
//   vehicleDetailsErrors, selectionError, tradeInDetailsErrors   field rules and their messages
//   addImages, sniffImageType                                    image rules (count, size, type from bytes)
//   classifyLookup, viewAfterLookup, visibleSteps, previousView  the flow of docs/requirements/dealer-services.md#states
//   instantValueAllowed, offerValidUntil, instantOffer           the 10-year / 100,000 km rule, 7 days, the local model
export * from './messages';
export * from './offer-model';
export * from './rules';
export * from './steps';
export * from './valuation-fields';
export * from './settings';
export * from './links';
