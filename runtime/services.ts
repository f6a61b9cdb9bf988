// Server-side services that page data sources and block loaders use. Each is optional so that a server (or a test)
// runs with only what it needs; sources that need a missing service say so in their error.
export interface RuntimeServices {
  [name: string]: unknown;
}
