// The garage gate: the My Garage page and a site's own my-pages are part of a site only where it turns the garage on
// (settings.accounts.garageEnabled); elsewhere they are left out of its pages, so their address is not found and links
// to them are dropped like links to any page the site lacks.
export interface GarageSettings {
  garageEnabled: boolean;
  garagePages: readonly string[];
}

/** A page route at one of the garage's paths or under it ('/my-garage', '/my-garage/:section'). */
export function isGaragePage(route: string, garagePages: readonly string[]): boolean {
  const path = route.toLowerCase();
  return garagePages.some((p) => path === p.toLowerCase() || path.startsWith(`${p.toLowerCase()}/`));
}

/** The pages a site serves: all of them with the garage on, else all but the garage's. */
export function pagesWithGarageGate<P>(pages: Record<string, P>, settings: GarageSettings): Record<string, P> {
  if (settings.garageEnabled) return pages;
  const routes = Object.keys(pages);
  if (!routes.some((r) => isGaragePage(r, settings.garagePages))) return pages;
  return Object.fromEntries(routes.filter((r) => !isGaragePage(r, settings.garagePages)).map((r) => [r, pages[r] as P]));
}
