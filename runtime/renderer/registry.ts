// Block code is found by folder (blocks/<type>/index.tsx) and loaded lazily, so a page ships only the blocks it uses.
// Adding a block is adding a folder: nothing here names a block.
import type { BlockComponent } from './types';

type BlockModule = { default: BlockComponent };

const modules = import.meta.glob<BlockModule>('../../blocks/*/index.tsx');
const importers = new Map(Object.entries(modules).map(([path, load]) => [path.split('/').at(-2)!, load]));

const loaded = new Map<string, BlockComponent>();
const pending = new Map<string, Promise<BlockComponent>>();

class UnknownBlockError extends Error {}

export const registeredBlockTypes = (): string[] => [...importers.keys()].sort();

export function loadBlock(type: string): Promise<BlockComponent> {
  const done = loaded.get(type);
  if (done) return Promise.resolve(done);
  let promise = pending.get(type);
  if (!promise) {
    const importer = importers.get(type);
    if (!importer) return Promise.reject(new UnknownBlockError(`unknown block type "${type}"`));
    promise = importer().then((m) => {
      loaded.set(type, m.default);
      return m.default;
    });
    pending.set(type, promise);
  }
  return promise;
}

export const loadedBlock = (type: string): BlockComponent | undefined => loaded.get(type);

export const preloadBlocks = (types: Iterable<string>) => Promise.all([...new Set(types)].filter((t) => importers.has(t)).map(loadBlock));
