// The key a server signs links and cookies with (trade-in photo links, unsubscribe links, known-device cookies): the
// environment variable when set, which several processes must share; else a random key kept in a file beside the
// data, so links stay valid across restarts of a single process.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export function signingKey(fromEnv: string | undefined, file: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      // Another process starting at the same time wrote it first: use theirs.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim());
}
