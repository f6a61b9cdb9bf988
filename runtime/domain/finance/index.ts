// Finance business rules (docs/requirements/dealer-services.md#screens to #validation, #calls, #constants;
// docs/requirements/vehicle-browsing.md#validation). Pure functions; blocks import from here.
export * from './settings';
export * from './repayment';
export * from './comparison-rate';
export * from './lenders';
export * from './calculator';
export * from './display-rules';
export * from './youx-quote';
export * from './quote-providers';
export * from './finance-link';
export * from './disclaimer';
export * from './site-lenders';
