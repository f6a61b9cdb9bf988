// Atomic file writes: a temporary file in the same folder, flushed to disk, then renamed (or linked) to its name, and
// the folder flushed. A crash mid-write leaves the previous file intact, and another process reading the folder sees
// either no file or the whole file, never part of one (rename and link are atomic on one file system). Temporary
// files start with a dot and end in .tmp, so folder listings of *.json never pick them up.
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';

function syncDir(dir: string) {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some platforms cannot open a folder for fsync; the rename is still atomic there.
  }
}

/** Writes `text` to a new temporary file next to `path` and flushes it; returns the temporary file's path. */
function writeTemp(path: string, text: string): string {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw e;
  }
  closeSync(fd);
  return temp;
}

export function writeFileAtomic(path: string, text: string): void {
  const temp = writeTemp(path, text);
  try {
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
  syncDir(dirname(path));
}

/**
 * Creates a file that must not exist yet, atomically and durably: written and flushed under a temporary name, then
 * hard-linked to its name (which fails when the name exists: two processes never both take it). Returns false when
 * the file already exists.
 */
export function createFileExclusive(path: string, text: string): boolean {
  const temp = writeTemp(path, text);
  try {
    linkSync(temp, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    rmSync(temp, { force: true });
  }
  syncDir(dirname(path));
  return true;
}
