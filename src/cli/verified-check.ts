// The verified-query part of `datathread check`: every `verified/*.yaml` file is read; a file with a
// problem is named with its path and line (it is skipped at run time, never fatal) and counts as a
// failed check, so a broken file is caught in review or CI rather than silently missing.
import { readVerifiedQueryFiles } from '../verified/verified-query-files.js';
import type { TerminalOutput } from './render-reply.js';

/** Writes the verified-query lines; returns how many checks failed (0 or 1). */
export async function checkVerifiedQueryFiles(contextRoot: string, output: TerminalOutput): Promise<number> {
  const { queries, problems } = await readVerifiedQueryFiles(contextRoot);
  if (problems.length === 0) {
    if (queries.length > 0) output.write(`Verified queries: ${queries.length} in ${contextRoot}/verified — OK\n`);
    return 0;
  }
  output.write(`Verified queries: ${problems.length} problem(s); those files are skipped:\n`);
  for (const problem of problems) output.write(`  ${problem.path}:${problem.line}: ${problem.message}\n`);
  return 1;
}
