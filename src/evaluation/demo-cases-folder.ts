// The starter cases shipped with datathread (`evals/demo/`, for the built-in demo warehouse), found
// by walking up from this file, so `npx datathread eval` finds them from any working directory,
// from the sources under vitest and from dist/.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EvalCaseError } from './eval-case-error.js';

export function findDemoCasesFolder(start = dirname(fileURLToPath(import.meta.url))): string {
  let directory = start;
  for (;;) {
    const candidate = join(directory, 'evals', 'demo');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(directory);
    if (parent === directory) throw new EvalCaseError([`evals/demo: the starter cases were not found above ${start}; give your own with --cases FILE|DIR`]);
    directory = parent;
  }
}
