// Where the editor keeps its data: EDITOR_DATA_DIR, default data/editor (gitignored).
import { join, resolve } from 'node:path';

export const editorDataDir = (dir = process.env.EDITOR_DATA_DIR) => resolve(dir ?? 'data/editor');
export const accountsFile = (dataDir: string) => join(dataDir, 'accounts.json');
