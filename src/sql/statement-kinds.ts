// Plain-language names for statements the gate refuses, so the refusal tells the model what it
// wrote and why it cannot run. Two entry points: the parser's statement variant names
// (`CreateTable`, `AttachDuckDBDatabase`) and, when the parser gave up, the statement's first
// keywords (`CHECKPOINT`, `EXPORT DATABASE`).

import type { RefusedStatement } from '../databases/dialect-rules.js';

const CHANGES_DATA = 'change data';
const CHANGES_SCHEMA = 'change the schema';
const TOUCHES_FILES = 'read or write files';
const CONNECTS_DATABASES = 'connect or disconnect other databases';
const LOADS_EXTENSIONS = 'install or load extensions';
const CHANGES_SETTINGS = 'change session or database settings';
const RUNS_UNINSPECTED_CODE = 'run code that the statement gate cannot inspect';
const WRITES_DATABASE = 'write to the database';
const NOTIFIES = 'send or receive notifications';
const CHANGES_PERMISSIONS = 'change permissions';
const CONTROLS_TRANSACTIONS = 'control transactions';
const LOCKS = 'take locks';

interface StatementKind {
  label: string;
  consequence: string;
}

/** Parser variant name -> kind; variants not listed fall back to a name derived from the variant. */
const KINDS_BY_VARIANT: Record<string, StatementKind> = {
  Insert: { label: 'INSERT', consequence: CHANGES_DATA },
  Update: { label: 'UPDATE', consequence: CHANGES_DATA },
  Delete: { label: 'DELETE', consequence: CHANGES_DATA },
  Merge: { label: 'MERGE', consequence: CHANGES_DATA },
  Truncate: { label: 'TRUNCATE', consequence: CHANGES_DATA },
  Drop: { label: 'DROP', consequence: CHANGES_SCHEMA },
  Copy: { label: 'COPY', consequence: TOUCHES_FILES },
  CopyIntoSnowflake: { label: 'COPY INTO', consequence: TOUCHES_FILES },
  Unload: { label: 'UNLOAD', consequence: TOUCHES_FILES },
  AttachDatabase: { label: 'ATTACH', consequence: CONNECTS_DATABASES },
  AttachDuckDBDatabase: { label: 'ATTACH', consequence: CONNECTS_DATABASES },
  DetachDuckDBDatabase: { label: 'DETACH', consequence: CONNECTS_DATABASES },
  Install: { label: 'INSTALL', consequence: LOADS_EXTENSIONS },
  Load: { label: 'LOAD', consequence: LOADS_EXTENSIONS },
  LoadData: { label: 'LOAD DATA', consequence: TOUCHES_FILES },
  Pragma: { label: 'PRAGMA', consequence: CHANGES_SETTINGS },
  Set: { label: 'SET', consequence: CHANGES_SETTINGS },
  SetVariable: { label: 'SET', consequence: CHANGES_SETTINGS },
  Reset: { label: 'RESET', consequence: CHANGES_SETTINGS },
  Call: { label: 'CALL', consequence: RUNS_UNINSPECTED_CODE },
  Execute: { label: 'EXECUTE', consequence: RUNS_UNINSPECTED_CODE },
  Prepare: { label: 'PREPARE', consequence: RUNS_UNINSPECTED_CODE },
  Deallocate: { label: 'DEALLOCATE', consequence: RUNS_UNINSPECTED_CODE },
  Vacuum: { label: 'VACUUM', consequence: WRITES_DATABASE },
  Analyze: { label: 'ANALYZE', consequence: WRITES_DATABASE },
  LISTEN: { label: 'LISTEN', consequence: NOTIFIES },
  UNLISTEN: { label: 'UNLISTEN', consequence: NOTIFIES },
  NOTIFY: { label: 'NOTIFY', consequence: NOTIFIES },
  Grant: { label: 'GRANT', consequence: CHANGES_PERMISSIONS },
  Revoke: { label: 'REVOKE', consequence: CHANGES_PERMISSIONS },
  Deny: { label: 'DENY', consequence: CHANGES_PERMISSIONS },
  StartTransaction: { label: 'BEGIN / START TRANSACTION', consequence: CONTROLS_TRANSACTIONS },
  Commit: { label: 'COMMIT', consequence: CONTROLS_TRANSACTIONS },
  Rollback: { label: 'ROLLBACK', consequence: CONTROLS_TRANSACTIONS },
  Savepoint: { label: 'SAVEPOINT', consequence: CONTROLS_TRANSACTIONS },
  ReleaseSavepoint: { label: 'RELEASE SAVEPOINT', consequence: CONTROLS_TRANSACTIONS },
  LockTables: { label: 'LOCK TABLES', consequence: LOCKS },
  UnlockTables: { label: 'UNLOCK TABLES', consequence: LOCKS },
  Comment: { label: 'COMMENT', consequence: CHANGES_SCHEMA },
};

/** First keyword(s) -> kind, for statements the parser could not read. */
const KINDS_BY_LEADING_KEYWORD: Record<string, StatementKind> = {
  INSERT: KINDS_BY_VARIANT.Insert!,
  UPDATE: KINDS_BY_VARIANT.Update!,
  DELETE: KINDS_BY_VARIANT.Delete!,
  MERGE: KINDS_BY_VARIANT.Merge!,
  UPSERT: { label: 'UPSERT', consequence: CHANGES_DATA },
  REPLACE: { label: 'REPLACE', consequence: CHANGES_DATA },
  TRUNCATE: KINDS_BY_VARIANT.Truncate!,
  CREATE: { label: 'CREATE', consequence: CHANGES_SCHEMA },
  ALTER: { label: 'ALTER', consequence: CHANGES_SCHEMA },
  DROP: KINDS_BY_VARIANT.Drop!,
  COMMENT: KINDS_BY_VARIANT.Comment!,
  REINDEX: { label: 'REINDEX', consequence: WRITES_DATABASE },
  CLUSTER: { label: 'CLUSTER', consequence: WRITES_DATABASE },
  REFRESH: { label: 'REFRESH', consequence: WRITES_DATABASE },
  COPY: KINDS_BY_VARIANT.Copy!,
  'EXPORT DATABASE': { label: 'EXPORT DATABASE', consequence: TOUCHES_FILES },
  'IMPORT DATABASE': { label: 'IMPORT DATABASE', consequence: TOUCHES_FILES },
  EXPORT: { label: 'EXPORT', consequence: TOUCHES_FILES },
  IMPORT: { label: 'IMPORT', consequence: TOUCHES_FILES },
  ATTACH: KINDS_BY_VARIANT.AttachDatabase!,
  DETACH: KINDS_BY_VARIANT.DetachDuckDBDatabase!,
  INSTALL: KINDS_BY_VARIANT.Install!,
  FORCE: { label: 'FORCE', consequence: WRITES_DATABASE },
  LOAD: KINDS_BY_VARIANT.Load!,
  PRAGMA: KINDS_BY_VARIANT.Pragma!,
  SET: KINDS_BY_VARIANT.Set!,
  RESET: KINDS_BY_VARIANT.Reset!,
  USE: { label: 'USE', consequence: CHANGES_SETTINGS },
  CALL: KINDS_BY_VARIANT.Call!,
  EXECUTE: KINDS_BY_VARIANT.Execute!,
  PREPARE: KINDS_BY_VARIANT.Prepare!,
  DEALLOCATE: KINDS_BY_VARIANT.Deallocate!,
  DO: { label: 'DO', consequence: RUNS_UNINSPECTED_CODE },
  VACUUM: KINDS_BY_VARIANT.Vacuum!,
  ANALYZE: KINDS_BY_VARIANT.Analyze!,
  CHECKPOINT: { label: 'CHECKPOINT', consequence: WRITES_DATABASE },
  'FORCE CHECKPOINT': { label: 'FORCE CHECKPOINT', consequence: WRITES_DATABASE },
  LISTEN: KINDS_BY_VARIANT.LISTEN!,
  UNLISTEN: KINDS_BY_VARIANT.UNLISTEN!,
  NOTIFY: KINDS_BY_VARIANT.NOTIFY!,
  GRANT: KINDS_BY_VARIANT.Grant!,
  REVOKE: KINDS_BY_VARIANT.Revoke!,
  BEGIN: { label: 'BEGIN', consequence: CONTROLS_TRANSACTIONS },
  START: KINDS_BY_VARIANT.StartTransaction!,
  COMMIT: KINDS_BY_VARIANT.Commit!,
  END: { label: 'END', consequence: CONTROLS_TRANSACTIONS },
  ROLLBACK: KINDS_BY_VARIANT.Rollback!,
  ABORT: { label: 'ABORT', consequence: CONTROLS_TRANSACTIONS },
  SAVEPOINT: KINDS_BY_VARIANT.Savepoint!,
  RELEASE: KINDS_BY_VARIANT.ReleaseSavepoint!,
  LOCK: { label: 'LOCK', consequence: LOCKS },
  DECLARE: { label: 'DECLARE', consequence: RUNS_UNINSPECTED_CODE },
  SECURITY: { label: 'SECURITY LABEL', consequence: CHANGES_PERMISSIONS },
};

export function refusalForStatementVariant(variant: string): string {
  const kind = KINDS_BY_VARIANT[variant] ?? kindFromVariantName(variant);
  return refusalText(kind);
}

/**
 * For SQL the parser rejected: the refusal for the first statement whose leading keyword is a
 * known non-read statement, else null (the caller then reports the parse error itself).
 */
export function refusalForLeadingKeywords(firstWords: readonly string[]): string | null {
  const [first, second] = firstWords.map((word) => word.toUpperCase());
  if (first === undefined) return null;
  const kind = (second !== undefined ? KINDS_BY_LEADING_KEYWORD[`${first} ${second}`] : undefined) ?? KINDS_BY_LEADING_KEYWORD[first];
  return kind ? refusalText(kind) : null;
}

/**
 * A `SHOW <name> …` statement this dialect does not recognise as a read. The parser reads any such
 * statement as a setting name followed by words and drops quoted arguments (DuckDB's `SHOW 'x.csv'`
 * reads the file), so it cannot tell a catalogue listing from something else.
 */
export function refusalForShowStatement(words: readonly string[]): string {
  const name = words[0]?.toUpperCase();
  const label = name === undefined ? 'This SHOW statement' : `SHOW ${name}`;
  return `${label} is not run here: the statement gate cannot check what this SHOW statement reads. Query the database's catalogue (information_schema or system tables) with SELECT instead.`;
}

function refusalText(kind: StatementKind): string {
  return `Only read-only queries are allowed: ${kind.label} statements ${kind.consequence}.`;
}

/** `CreateVirtualTable` -> CREATE VIRTUAL TABLE, with a consequence guessed from the verb. */
function kindFromVariantName(variant: string): StatementKind {
  const label = variant
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toUpperCase();
  if (/^(Create|Alter|Drop|Rename)/.test(variant)) return { label, consequence: CHANGES_SCHEMA };
  return { label, consequence: 'are not read-only queries' };
}

/** The refusal when a statement's leading keywords are one the dialect refuses outright, else null. */
export function refusalForDialectStatement(firstWords: readonly string[], refused: readonly RefusedStatement[]): string | null {
  if (refused.length === 0 || firstWords.length === 0) return null;
  const [first, second] = firstWords.map((word) => word.toUpperCase());
  const match = refused.find((statement) => statement.keywords === first || (second !== undefined && statement.keywords === `${first} ${second}`));
  return match ? refusalText({ label: match.keywords, consequence: match.consequence }) : null;
}
