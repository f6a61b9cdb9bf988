// Tabs on the vehicle page (docs/requirements/vehicle-browsing.md#screens, docs/requirements/dealer-services.md#screens).

const VEHICLE_TAB_TITLES = ['Dealer Comments', "What's Included", 'Why Buy From Us?', 'Reserve Online', 'Protect Your Car', 'Features'] as const;

export type VehicleTabTitle = (typeof VEHICLE_TAB_TITLES)[number];

/**
 * Tabs in seed order; Features only when the car has features; Reserve Online only while the car can be reserved
 * (a sold car never offers the deposit). `tabs` narrows the list per site.
 */
export function vehicleTabs(
  content: { features?: readonly unknown[] | null; reservable?: boolean },
  tabs: readonly VehicleTabTitle[] = VEHICLE_TAB_TITLES,
): VehicleTabTitle[] {
  const hasFeatures = (content.features?.length ?? 0) > 0;
  const reservable = content.reservable ?? true;
  return VEHICLE_TAB_TITLES.filter((t) => tabs.includes(t) && (t !== 'Features' || hasFeatures) && (t !== 'Reserve Online' || reservable));
}
