// The verified-query part of `datathread check`: every `verified/*.yaml` file is read; a file with a
// problem is named with its path and line (it is skipped at run time, never fatal) and counts as a
// failed check, so a broken file is caught in review or CI rather than silently missing. Every
// verified query, from files and from chat, then passes the statement gate execute_sql uses: one
// the gate refuses is named with where it lives and why, and is never a trusted example. So do a
// query verified twice (the same SQL on the same database, in files or chat: an export committed
// beside the files it came from doubles every example) and a query naming a database that is not
// configured (it can never be an example or a badge).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { silentLogger } from '../logging/logger.js';
import type { StoredSqlDatabase } from '../sql/stored-sql-check.js';
import type { VerifiedQueryStore } from '../store/verified-query-store.js';
import type { RefusedVerifiedQuery } from '../verified/verified-query-gate.js';
import { readVerifiedQueryFiles, sqlLineOf } from '../verified/verified-query-files.js';
import { VerifiedQueryLibrary } from '../verified/verified-query-library.js';
import { normalizeSql, verifiedQueryFromStore, type VerifiedQuery } from '../verified/verified-query.js';
import type { TerminalOutput } from './render-reply.js';

export interface VerifiedCheckSources {
  contextRoot: string;
  /** The configured databases, for the statement gate. */
  databases: readonly StoredSqlDatabase[];
  /** The state store's chat-verified queries; undefined when the store cannot be opened. */
  store: Pick<VerifiedQueryStore, 'listVerifiedQueries'> | undefined;
}

/** Writes the verified-query lines; returns how many checks failed (0 to 4). */
export async function checkVerifiedQueryFiles(sources: VerifiedCheckSources, output: TerminalOutput): Promise<number> {
  const { contextRoot } = sources;
  const { queries, problems } = await readVerifiedQueryFiles(contextRoot);
  const store = sources.store ?? { listVerifiedQueries: async () => [] };
  const fromChat = (await store.listVerifiedQueries()).map(verifiedQueryFromStore);
  const all = [...queries, ...fromChat];
  const databaseNames = sources.databases.map((database) => database.name);
  let failures = 0;
  if (problems.length > 0) {
    output.write(`Verified queries: ${problems.length} problem(s); those files are skipped:\n`);
    for (const problem of problems) output.write(`  ${problem.path}:${problem.line}: ${problem.message}\n`);
    failures += 1;
  }
  const { refused } = await new VerifiedQueryLibrary({ store, contextRoot, logger: silentLogger, databases: sources.databases }).gated();
  if (refused.length > 0) {
    output.write(`Verified queries: ${refused.length} refused by the statement gate; never given to the model, run by eval or badged:\n`);
    for (const refusal of refused) output.write(`  ${await whereItLives(contextRoot, refusal)}: refused on ${refusal.databaseName}: ${refusal.reason}\n`);
    failures += 1;
  }
  const duplicates = duplicateGroups(all);
  if (duplicates.length > 0) {
    output.write(`Verified queries: ${duplicates.length} verified more than once (the same SQL on the same database); keep one of each:\n`);
    for (const ids of duplicates) output.write(`  ${ids.join(', ')}\n`);
    failures += 1;
  }
  const unknownDatabase = all.filter((query) => query.database !== undefined && !databaseNames.includes(query.database));
  if (unknownDatabase.length > 0) {
    output.write(`Verified queries: ${unknownDatabase.length} name a database that is not configured (${databaseNames.join(', ') || 'none'}), so they are never used:\n`);
    for (const query of unknownDatabase) output.write(`  ${query.id}: database ${query.database}\n`);
    failures += 1;
  }
  if (failures === 0 && queries.length > 0) output.write(`Verified queries: ${queries.length} in ${contextRoot}/verified — OK\n`);
  return failures;
}

/** Groups of two or more ids that are the same verified query. */
function duplicateGroups(queries: readonly VerifiedQuery[]): string[][] {
  const byKey = new Map<string, string[]>();
  for (const query of queries) {
    const key = `${query.database ?? ''}\u0000${normalizeSql(query.sql)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), query.id]);
  }
  return [...byKey.values()].filter((ids) => ids.length > 1);
}

/** `verified/hr.yaml:4` for a file's query (the line of its `sql:`), `chat-verified <id> ("question")` for one from chat. */
async function whereItLives(contextRoot: string, { query }: RefusedVerifiedQuery): Promise<string> {
  const file = /^file:(.+)#(\d+)$/.exec(query.id);
  if (!file) return `chat-verified ${query.id} ("${query.question}")`;
  const text = await readFile(join(contextRoot, file[1]!), 'utf8').catch(() => undefined);
  return text === undefined ? file[1]! : `${file[1]}:${sqlLineOf(text, Number(file[2]))}`;
}
