export * from './reservation';
export * from './test-cards';
export * from './journey';
export * from './served';
