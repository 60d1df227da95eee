// Where tables live unless the user says otherwise: the platform's per-user cache directory.

import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultTableDir(): string {
  const env = process.env;
  let base: string;
  if (process.platform === 'win32') base = env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local');
  else if (process.platform === 'darwin') base = join(homedir(), 'Library', 'Caches');
  else base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'damka', 'egdb');
}
