// Make and model display names (docs/requirements/vehicle-browsing.md#constants) and slugs
// (docs/requirements/dealer-services.md#validation: spaces become hyphens).

/** Feed make names that show differently on the sites (docs/requirements/vehicle-browsing.md#constants). Keys compare case-insensitively. */
export const MAKE_NAME_OVERRIDES: Readonly<Record<string, string>> = {
  'suzuki australia': 'Suzuki',
  'isuzu ute': 'Isuzu',
  'mercedes benz': 'Mercedes-Benz',
};

/** Makes whose purely numeric models are named with the make in front: Mazda '3' is the Mazda3, MG '4' the MG4. */
const NUMERIC_MODEL_PREFIX_MAKES: readonly string[] = ['Mazda', 'MG'];

export function normaliseMakeName(make: string, overrides: Readonly<Record<string, string>> = MAKE_NAME_OVERRIDES): string {
  const trimmed = (make ?? '').trim().replace(/\s+/g, ' ');
  return overrides[trimmed.toLowerCase()] ?? trimmed;
}

/** 'Mazda' + '3' -> 'Mazda3', 'MG' + '3' -> 'MG3'; 'CX-5' and 'ZS' stay as they are. */
export function modelDisplayName(make: string, model: string, prefixMakes: readonly string[] = NUMERIC_MODEL_PREFIX_MAKES): string {
  const name = normaliseMakeName(make);
  const trimmedModel = (model ?? '').trim();
  const prefix = prefixMakes.find((m) => m.toLowerCase() === name.toLowerCase());
  if (prefix && /^\d+$/.test(trimmedModel)) return `${prefix}${trimmedModel}`;
  return trimmedModel;
}

/** 'Land Rover' -> 'land-rover', 'Mercedes-Benz' -> 'mercedes-benz' (lower case, whitespace runs to one hyphen). */
export function makeSlug(name: string): string {
  return (name ?? '').trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * The model's part of a search address, /search/{make}/{model}: the model as the site names it ('3' of Mazda is
 * 'mazda3'), lower case, non-alphanumerics as hyphens. One rule for the index, the links and the breadcrumb.
 */
export function modelSlug(make: string, model: string): string {
  return modelDisplayName(make, model)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The make's part of a search address, /search/{make}: 'Mercedes-Benz' -> 'mercedes-benz', 'Land Rover' -> 'land-rover'. */
export function makeSearchSlug(make: string): string {
  return normaliseMakeName(make)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** /search/{make}/{model} for a car or model. */
export function modelSearchPath(make: string, model?: string | null): string {
  return model ? `/search/${makeSearchSlug(make)}/${modelSlug(make, model)}` : `/search/${makeSearchSlug(make)}`;
}
