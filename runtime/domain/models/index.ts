// Public API of the model range and directory rules (pure; shared by server and browser).
export * from './model';
export * from './model-card';
export * from './category-rows';
export * from './directory';
export * from './brands';
export * from './site-paths';
export * from './body-types';
