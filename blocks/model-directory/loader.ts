// The first page of the directory for the address it was asked with (/models?body=suv), rendered on the server.
import type { ResolvedModelDirectoryProps as ModelDirectoryProps } from '../../schemas/generated/block-props';
import { parseDirectoryState, searchDirectory, serializeDirectoryState, type DirectoryResults } from '../../runtime/domain/models';
import { siteModels } from '../../runtime/models';
import type { BlockLoader } from '../../runtime/renderer/types';

export interface ModelDirectoryData {
  /** The canonical query these results answer (the browser's cache key). */
  key: string;
  results: DirectoryResults;
}

const load: BlockLoader<ModelDirectoryProps, ModelDirectoryData> = async ({ url, tenant, services, now }) => {
  const state = parseDirectoryState(url.searchParams);
  const models = await siteModels(tenant, services.catalogue, now.getTime());
  return { key: serializeDirectoryState(state), results: searchDirectory(models, state) };
};
export default load;
