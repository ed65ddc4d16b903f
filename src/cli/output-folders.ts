// Files a command writes at its end (`eval --report`, `--json`, `--junit`; `verified export --out`)
// get their folders before the work starts: a missing folder is created, and one that cannot be
// (a path under a file, no permission) is a one-line usage error before any case runs, instead of
// a stack trace after every case has run and its results are lost.
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { errorMessage } from '../support/errors.js';
import { UsageError } from './arguments.js';

/** Creates the folder of each `--flag path` given; throws a UsageError naming the flag when one cannot be. */
export async function prepareOutputFolders(paths: Readonly<Record<string, string | undefined>>): Promise<void> {
  for (const [flag, path] of Object.entries(paths)) {
    if (path === undefined) continue;
    const folder = dirname(resolve(path));
    try {
      await mkdir(folder, { recursive: true });
    } catch (error) {
      throw new UsageError(`--${flag} ${path}: its folder ${folder} cannot be created (${errorMessage(error)})`);
    }
  }
}
