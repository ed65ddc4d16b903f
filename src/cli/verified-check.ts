// The verified-query part of `datathread check`: every `verified/*.yaml` file is read; a file with a
// problem is named with its path and line (it is skipped at run time, never fatal) and counts as a
// failed check, so a broken file is caught in review or CI rather than silently missing. So do a
// query verified twice (the same SQL on the same database, in files or chat: an export committed
// beside the files it came from doubles every example) and a query naming a database that is not
// configured (it can never be an example or a badge).
import { readVerifiedQueryFiles } from '../conversations/verified-query-files.js';
import { normalizeSql, type VerifiedQuery } from '../conversations/verified-query.js';
import type { TerminalOutput } from './render-reply.js';

/** Groups of two or more ids that are the same verified query. */
function duplicateGroups(queries: readonly VerifiedQuery[]): string[][] {
  const byKey = new Map<string, string[]>();
  for (const query of queries) {
    const key = `${query.database ?? ''}\u0000${normalizeSql(query.sql)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), query.id]);
  }
  return [...byKey.values()].filter((ids) => ids.length > 1);
}

/** Writes the verified-query lines; returns how many checks failed (0 to 3). */
export async function checkVerifiedQueryFiles(contextRoot: string, output: TerminalOutput, options: { databases: readonly string[]; fromChat: readonly VerifiedQuery[] }): Promise<number> {
  const { queries, problems } = await readVerifiedQueryFiles(contextRoot);
  const all = [...queries, ...options.fromChat];
  const duplicates = duplicateGroups(all);
  const unknownDatabase = all.filter((query) => query.database !== undefined && !options.databases.includes(query.database));
  if (problems.length === 0 && duplicates.length === 0 && unknownDatabase.length === 0) {
    if (queries.length > 0) output.write(`Verified queries: ${queries.length} in ${contextRoot}/verified — OK\n`);
    return 0;
  }
  if (problems.length > 0) {
    output.write(`Verified queries: ${problems.length} problem(s); those files are skipped:\n`);
    for (const problem of problems) output.write(`  ${problem.path}:${problem.line}: ${problem.message}\n`);
  }
  if (duplicates.length > 0) {
    output.write(`Verified queries: ${duplicates.length} verified more than once (the same SQL on the same database); keep one of each:\n`);
    for (const ids of duplicates) output.write(`  ${ids.join(', ')}\n`);
  }
  if (unknownDatabase.length > 0) {
    output.write(`Verified queries: ${unknownDatabase.length} name a database that is not configured (${options.databases.join(', ') || 'none'}), so they are never used:\n`);
    for (const query of unknownDatabase) output.write(`  ${query.id}: database ${query.database}\n`);
  }
  return [problems.length, duplicates.length, unknownDatabase.length].filter((count) => count > 0).length;
}
