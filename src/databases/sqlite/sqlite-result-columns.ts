// The result columns of a query, in order, with their declared types — which the `sqlite3`
// package does not expose (it hands rows over as objects keyed by column name, so two columns
// called `name` collapse into one, integer-like names such as "1" move to the front, and an empty
// result has no keys at all). SQLite itself describes a query's columns once the query is the body
// of a view: `pragma_table_xinfo` lists the view's columns in order with their declared types,
// and reading the rows through the view gives every column a distinct key, because SQLite makes a
// view's column names unique by appending ":1", ":2" … to a repeated name.
//
// Reading through the view also lets the reading SELECT hand integers past 2^53 over as their
// digits: the package converts every integer to a double, which would round them.
//
// The view lives in the connection's own temp schema, so the queried file is never written. It
// has to be created before `PRAGMA query_only = 1`, which refuses temp-schema changes too; only
// the CREATE VIEW statement runs then (a view's body can only be a query, and just the first
// statement of the text is compiled). Statements that cannot be a view's body (PRAGMA, EXPLAIN,
// writes when allowed) are not described and run as they are.
import type sqlite3 from 'sqlite3';
import { allSqlite, runSqlite } from './sqlite-connection.js';

/** The largest integer a double holds exactly (Number.MAX_SAFE_INTEGER). */
const LARGEST_EXACT_DOUBLE_INTEGER = '9007199254740991';

/** Named so that no table in a user's database shadows it or is shadowed by it in practice. */
const RESULT_VIEW = 'datathread_query_result';

export interface SqliteResultColumn {
  /** The name the query gave the column. */
  name: string;
  /** The column's key in rows read from the view (the name made unique). */
  key: string;
  /** The declared type of the table column it comes straight from, lower case; '' for an expression. */
  declaredType: string;
}

export interface DescribedQuery {
  columns: SqliteResultColumn[];
  /** Reads the query's rows through the view: one distinct key per column, large integers as text. */
  sql: string;
}

function quotedIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * False when the declared type gives the column TEXT or REAL affinity (SQLite's rules, in their
 * order): such a column converts every integer it stores, so the check below would be wasted work.
 */
function mayHoldInteger(declaredType: string): boolean {
  const type = declaredType.toUpperCase();
  if (type.includes('INT')) return true;
  if (/CHAR|CLOB|TEXT/.test(type)) return false;
  if (type.includes('BLOB') || type === '') return true;
  return !/REAL|FLOA|DOUB/.test(type);
}

/** The column as read: itself, or its digits when it holds an integer a double would round. */
function exactColumn(key: string, declaredType: string): string {
  const column = quotedIdentifier(key);
  if (!mayHoldInteger(declaredType)) return column;
  return `CASE WHEN typeof(${column}) = 'integer' AND ${column} NOT BETWEEN -${LARGEST_EXACT_DOUBLE_INTEGER} AND ${LARGEST_EXACT_DOUBLE_INTEGER} THEN CAST(${column} AS TEXT) ELSE ${column} END AS ${column}`;
}

/**
 * Undoes SQLite's renaming of repeated view column names (`name`, `name:1`, `name:2`): a name
 * ending in ":<digits>" is a renamed copy when the part before equals an earlier column's name.
 * A query that itself names one column `a` and a later one `a:1` is indistinguishable from one
 * with two columns `a`; both are reported as `a`.
 */
function queryColumnNames(viewNames: string[]): string[] {
  const names: string[] = [];
  for (const viewName of viewNames) {
    const renamed = /^(.*):\d+$/.exec(viewName);
    const base = renamed?.[1];
    names.push(base !== undefined && names.includes(base) ? base : viewName);
  }
  return names;
}

/** Creates the describing view on `database`; false when the statement cannot be a view's body. */
export async function createResultView(database: sqlite3.Database, sql: string): Promise<boolean> {
  try {
    await runSqlite(database, `CREATE TEMP VIEW ${RESULT_VIEW} AS ${sql}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lists the view's columns. Undefined when the query does not compile (unknown column, wrong
 * arity …): the caller then runs it as it is, so the error the user sees is SQLite's own.
 */
export async function describeResultView(database: sqlite3.Database): Promise<DescribedQuery | undefined> {
  let described: { name: string; type: string }[];
  try {
    described = await allSqlite<{ name: string; type: string }>(
      database,
      `SELECT name, type FROM pragma_table_xinfo('${RESULT_VIEW}', 'temp') ORDER BY cid`,
    );
  } catch {
    return undefined;
  }
  const names = queryColumnNames(described.map((column) => column.name));
  const columns = described.map((column, index) => ({ name: names[index]!, key: column.name, declaredType: column.type.toLowerCase() }));
  return { columns, sql: `SELECT ${columns.map((column) => exactColumn(column.key, column.declaredType)).join(', ')} FROM temp.${RESULT_VIEW}` };
}
