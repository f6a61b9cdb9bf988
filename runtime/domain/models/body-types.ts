// docs/requirements/dealer-services.md#constants: body type icons exist for a fixed list of about 20 body types. These are the types; the drawings are in
// runtime/ui/BodyTypeIcon.tsx. A body the list does not know shows no icon, only its name.
import { slugify } from '../search/filters';

export const BODY_TYPES = [
  { slug: 'sedan', label: 'Sedan' },
  { slug: 'hatch', label: 'Hatch', aliases: ['hatchback'] },
  { slug: 'suv', label: 'SUV' },
  { slug: 'wagon', label: 'Wagon' },
  { slug: 'ute', label: 'Ute', aliases: ['pick-up', 'pickup', 'dual-cab', 'single-cab'] },
  { slug: 'cab-chassis', label: 'Cab Chassis' },
  { slug: 'coupe', label: 'Coupe' },
  { slug: 'convertible', label: 'Convertible', aliases: ['cabriolet', 'roadster'] },
  { slug: 'van', label: 'Van' },
  { slug: 'people-mover', label: 'People Mover', aliases: ['mpv'] },
  { slug: 'bus', label: 'Bus' },
  { slug: 'light-truck', label: 'Light Truck' },
  { slug: 'truck', label: 'Truck', aliases: ['prime-mover'] },
  { slug: 'motorcycle', label: 'Motorcycle', aliases: ['motorbike'] },
  { slug: 'scooter', label: 'Scooter' },
  { slug: 'atv', label: 'ATV', aliases: ['quad'] },
  { slug: 'caravan', label: 'Caravan' },
  { slug: 'camper-trailer', label: 'Camper Trailer' },
  { slug: 'motorhome', label: 'Motorhome', aliases: ['campervan'] },
  { slug: 'trailer', label: 'Trailer' },
] as const satisfies readonly { slug: string; label: string; aliases?: readonly string[] }[];

export type BodyTypeSlug = (typeof BODY_TYPES)[number]['slug'];

/** The body type of a body name or slug ('Hatchback', 'cab-chassis', 'SUV'), or undefined when the list has none. */
export function bodyTypeOf(body: string | null | undefined): BodyTypeSlug | undefined {
  const slug = slugify(body ?? '');
  if (!slug) return undefined;
  const found = BODY_TYPES.find((t) => t.slug === slug || ('aliases' in t && (t.aliases as readonly string[]).includes(slug)));
  return found?.slug;
}
