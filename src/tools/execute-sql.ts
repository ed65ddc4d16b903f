// execute_sql{sql_query, database_id?}: gate -> run on the real database -> keep the result on the
// blackboard and in the store under a query id -> render a preview for the model.
import { tool } from 'ai';
import { z } from 'zod';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError, UserCredentialRequiredError } from '../databases/errors.js';
import { dialectRules } from '../databases/dialects.js';
import type { DatabaseAdapter } from '../databases/types.js';
import { detectOuterLimit } from '../sql/outer-limit.js';
import { checkStatement } from '../sql/read-only-check.js';
import { PREVIEW_ROW_COUNT, renderExecuteSqlOutput, type ExecuteSqlOutput } from './execute-sql-output.js';
import { selectDatabase } from './select-database.js';
import type { QueryRun, ToolContext } from './tool-context.js';

export const executeSqlInputSchema = z.object({
  sql_query: z.string().min(1).describe('One read-only SQL query (SELECT / WITH). Aggregate in SQL rather than fetching raw rows.'),
  database_id: z.string().optional().describe('The database name; required when several databases are available.'),
});

export type ExecuteSqlInput = z.infer<typeof executeSqlInputSchema>;

function audit(context: ToolContext, run: QueryRun, ranAs: string | null, bytesScanned: number | null = null): void {
  context.queries.push(run);
  context.inBackground(() => context.store.recordQueryAudit({
    threadId: context.threadId,
    queryId: run.queryId,
    actor: context.actor,
    ranAs,
    databaseName: run.databaseName,
    sql: run.sql,
    rowCount: run.rowCount,
    durationMs: run.durationMs,
    refused: run.refused,
    detail: run.error,
    createdAt: context.now(),
    bytesScanned,
    ...(context.model ? { model: context.model } : {}),
  }));
}

function describeFailure(error: unknown, database: DatabaseAdapter, context: ToolContext): string {
  if (error instanceof QueryTimeoutError || error instanceof QueryFailedError) return error.message;
  if (error instanceof UserCredentialRequiredError) {
    context.signInRequiredFor.add(database.name);
    return `${error.message} Tell the user they need to sign in; do not retry this database in this turn.`;
  }
  if (error instanceof DatabaseUnavailableError) {
    context.unreachableDatabases.add(database.name);
    return `${error.message}. This is an infrastructure problem, not a problem with the query: do not retry; tell the user the database is unreachable right now.`;
  }
  throw error;
}

export async function executeSql(input: ExecuteSqlInput, context: ToolContext): Promise<ExecuteSqlOutput> {
  const selection = selectDatabase(context.databases, input.database_id);
  if (!selection.ok) return { _version: '1', status: 'error', message: selection.error };
  const database = selection.database;
  const sql = input.sql_query.trim();
  if (!database.allowsWrites) {
    const verdict = await checkStatement(sql, database, database.allowsFileAccess);
    if (!verdict.allowed) {
      audit(context, { queryId: null, databaseName: database.name, sql, rowCount: null, durationMs: null, refused: true, error: verdict.reason }, null);
      return { _version: '1', status: 'refused', databaseName: database.name, reason: verdict.reason };
    }
    if (verdict.statementCount > 1) {
      // Read-only, but each database runs one statement per call (PostgreSQL's extended protocol
      // refuses several; SQLite would silently run the first): one result per query id.
      return { _version: '1', status: 'error', message: `The query holds ${verdict.statementCount} statements; execute_sql runs one. Call it once per statement.` };
    }
  }
  context.reportStatus(`Querying ${database.name}…`);
  const credential = database.requiresUserCredential ? await context.credentialForDatabase(database) : undefined;
  const ranAs = credential?.userName ?? null;
  try {
    const rows = await database.runQuery(sql, {
      rowCap: context.settings.rowCap,
      timeoutMs: context.settings.queryTimeoutMs,
      signal: context.signal,
      credential,
    });
    const queryId = context.createId('query_');
    context.addQueryResult({ ...rows, queryId, databaseName: database.name, sql, createdAt: context.now() });
    audit(context, { queryId, databaseName: database.name, sql, rowCount: rows.rowCount, durationMs: rows.durationMs, refused: false, error: null }, ranAs, rows.bytesScanned?.bytes ?? null);
    const outerLimit = detectOuterLimit(sql, dialectRules(database.dialect));
    return {
      _version: '1',
      status: 'ok',
      queryId,
      databaseName: database.name,
      columns: rows.columns,
      previewRows: rows.rows.slice(0, PREVIEW_ROW_COUNT),
      rowCount: rows.rowCount,
      truncated: rows.truncated,
      rowCap: context.settings.rowCap,
      limitReached: outerLimit !== null && !rows.truncated && rows.rowCount >= outerLimit ? outerLimit : null,
      ...(rows.bytesScanned ? { bytesScanned: rows.bytesScanned } : {}),
    };
  } catch (error) {
    const message = describeFailure(error, database, context);
    audit(context, { queryId: null, databaseName: database.name, sql, rowCount: null, durationMs: null, refused: false, error: message }, ranAs);
    return { _version: '1', status: 'error', message };
  }
}

export function createExecuteSqlTool(context: ToolContext) {
  return tool({
    description:
      'Run one read-only SQL query on a database and get a preview of the result with its query_id. Use the query_id with read_query_result (more rows) and display_chart (charts). Writes are refused.',
    inputSchema: executeSqlInputSchema,
    execute: (input) => executeSql(input, context),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderExecuteSqlOutput(output) }),
  });
}
