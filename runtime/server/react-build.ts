// Which React build the server renders with. React picks its development or production files by NODE_ENV when it is
// first loaded; the development build is about 2.5x slower, so the server says at start which one it got.
import { createRequire } from 'node:module';

export type ReactBuild = 'production' | 'development' | 'unknown';

/** Reads Node's module cache: the React server renderer file that was actually loaded. */
export function reactServerBuild(): ReactBuild {
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  if (loaded.some((f) => /react-dom-server\.node\.production\.js$/.test(f))) return 'production';
  if (loaded.some((f) => /react-dom-server\.node\.development\.js$/.test(f))) return 'development';
  return 'unknown';
}
