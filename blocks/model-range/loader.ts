// The site's models for the range browser: the makes its dealerships sell, with From prices (runtime/models).
import type { ResolvedModelRangeProps as ModelRangeProps } from '../../schemas/generated/block-props';
import type { Model } from '../../runtime/domain/models';
import { slugify } from '../../runtime/domain/search/filters';
import { siteModels } from '../../runtime/models';
import type { BlockLoader } from '../../runtime/renderer/types';

export interface ModelRangeData {
  models: Model[];
}

/** The models the props ask for: one make, or a list of slugs in the document's order. */
export function selectRangeModels(models: readonly Model[], props: Pick<ModelRangeProps, 'make' | 'models'>): Model[] {
  const make = props.make ? slugify(props.make) : '';
  const ofMake = make ? models.filter((m) => slugify(m.manufacturer_name) === make) : [...models];
  if (!props.models?.length) return ofMake;
  return props.models.flatMap((slug) => ofMake.find((m) => m.slug === slug || m.new_slug === slug) ?? []);
}

const load: BlockLoader<ModelRangeProps, ModelRangeData> = async ({ props, tenant, services, now }) => ({
  models: selectRangeModels(await siteModels(tenant, services.catalogue, now.getTime()), props),
});
export default load;
