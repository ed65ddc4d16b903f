// The verified-query part of `datathread check`: every `verified/*.yaml` file is read; a file with a
// problem is named with its path and line (it is skipped at run time, never fatal) and counts as a
// failed check, so a broken file is caught in review or CI rather than silently missing. Every
// verified query, from files and from chat, then passes the statement gate execute_sql uses: one
// the gate refuses is named with where it lives and why, and is never a trusted example.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RefusedVerifiedQuery } from '../verified/verified-query-gate.js';
import { readVerifiedQueryFiles, sqlLineOf } from '../verified/verified-query-files.js';
import { VerifiedQueryLibrary } from '../verified/verified-query-library.js';
import { silentLogger } from '../logging/logger.js';
import type { StoredSqlDatabase } from '../sql/stored-sql-check.js';
import type { VerifiedQueryStore } from '../store/verified-query-store.js';
import type { TerminalOutput } from './render-reply.js';

export interface VerifiedCheckSources {
  contextRoot: string;
  /** The configured databases, for the statement gate. */
  databases: readonly StoredSqlDatabase[];
  /** The state store's chat-verified queries; undefined when the store cannot be opened. */
  store: Pick<VerifiedQueryStore, 'listVerifiedQueries'> | undefined;
}

/** Writes the verified-query lines; returns how many checks failed (0, 1 or 2). */
export async function checkVerifiedQueryFiles(sources: VerifiedCheckSources, output: TerminalOutput): Promise<number> {
  const { contextRoot } = sources;
  const { queries, problems } = await readVerifiedQueryFiles(contextRoot);
  let failures = 0;
  if (problems.length > 0) {
    output.write(`Verified queries: ${problems.length} problem(s); those files are skipped:\n`);
    for (const problem of problems) output.write(`  ${problem.path}:${problem.line}: ${problem.message}\n`);
    failures += 1;
  }
  const store = sources.store ?? { listVerifiedQueries: async () => [] };
  const { refused } = await new VerifiedQueryLibrary({ store, contextRoot, logger: silentLogger, databases: sources.databases }).gated();
  if (refused.length > 0) {
    output.write(`Verified queries: ${refused.length} refused by the statement gate; never given to the model, run by eval or badged:\n`);
    for (const refusal of refused) output.write(`  ${await whereItLives(contextRoot, refusal)}: refused on ${refusal.databaseName}: ${refusal.reason}\n`);
    failures += 1;
  }
  if (failures === 0 && queries.length > 0) output.write(`Verified queries: ${queries.length} in ${contextRoot}/verified — OK\n`);
  return failures;
}

/** `verified/hr.yaml:4` for a file's query (the line of its `sql:`), `chat-verified <id> ("question")` for one from chat. */
async function whereItLives(contextRoot: string, { query }: RefusedVerifiedQuery): Promise<string> {
  const file = /^file:(.+)#(\d+)$/.exec(query.id);
  if (!file) return `chat-verified ${query.id} ("${query.question}")`;
  const text = await readFile(join(contextRoot, file[1]!), 'utf8').catch(() => undefined);
  return text === undefined ? file[1]! : `${file[1]}:${sqlLineOf(text, Number(file[2]))}`;
}
