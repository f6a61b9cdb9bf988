// The models catalogue for the sites (docs/requirements/dealer-services.md#data Model and Manufacturer list), server side.
export * from './catalogue';
export * from './scope';
export * from './site-models';
export { modelImageSvg, makeLogoSvg } from './images';
export * from './brands';
export * from './site-links';
