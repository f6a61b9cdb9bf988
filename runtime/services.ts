// Server-side services that page data sources and block loaders use. Each is optional so that a server (or a test)
// runs with only what it needs; a source that needs a missing service says so.
import type { CarCatalogue } from './inventory/car-catalogue';

export interface RuntimeServices {
  /** The stock of every site, searchable through each tenant's scope. */
  catalogue?: CarCatalogue;
}
