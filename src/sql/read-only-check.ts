// The read-only check a model-written statement passes before it runs: the statement gate, and
// where the gate's parser could not read the statement, the database engine's own proof that it
// is one plain read (see DatabaseAdapter.provesPlainRead). The engine can only allow what the
// parser failed on; every other refusal stands.
import type { DatabaseAdapter } from '../databases/types.js';
import { checkReadOnly, type GateVerdict, initStatementGate } from './statement-gate.js';

/** What the check needs of a database: its dialect, and the engine's proof where it has one. */
export type GatedDatabase = Pick<DatabaseAdapter, 'dialect' | 'provesPlainRead'>;

export async function checkStatement(sql: string, database: GatedDatabase, allowFileAccess: boolean): Promise<GateVerdict> {
  await initStatementGate();
  const verdict = checkReadOnly(sql, { dialect: database.dialect, allowFileAccess });
  if (verdict.allowed || verdict.engineMayConfirm !== true || !database.provesPlainRead) return verdict;
  try {
    return (await database.provesPlainRead(sql, allowFileAccess)) ? { allowed: true, statementCount: 1 } : verdict;
  } catch {
    return verdict;
  }
}
