// Location rules (docs/requirements/dealer-services.md#screens, #states, #validation, #constants), re-exported here.
export * from './distance';
export * from './location';
export * from './location-dropdown';
export * from './shown-dealerships';
export * from './location-selection';
export * from './opening-hours';
export * from './review-rating';
export * from './sales-counter';
export * from './location-json-ld';
export * from './location-links';
export * from './postcode';
export * from './appointment-slots';
export * from './dealership-phone';
