// Finance business rules (seed 001 §2-§5, §7, §9; seed 000 §5). Pure functions; blocks import from here.
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
