// What a block thumbnail was made from: the hash of the block's fixtures and schema (see block-thumbnails.ts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../bench/server';

export const THUMBNAIL_DIR = 'editor/app/thumbnails';
export const THUMBNAIL_WIDTH = 240;

export const blockFolders = () =>
  readdirSync(join(root, 'blocks'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'blocks', d.name, 'schema.json')))
    .map((d) => d.name)
    .sort();

export const fixtureHash = (type: string) =>
  createHash('sha256')
    .update(readFileSync(join(root, 'blocks', type, 'fixtures.json')))
    .digest('hex')
    .slice(0, 16);
