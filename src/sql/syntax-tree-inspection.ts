// Walks a parsed statement's JSON syntax tree looking for anything a read-only query must not
// contain. The walk is generic on purpose: the parser serialises enum variants as object keys,
// so a data-changing node (`Insert`, `Update`, `Delete`, `Merge`) is found wherever it sits — in a
// CTE, a subquery, a set operation — without listing every place the grammar allows one.

import type { DialectRules } from '../databases/dialect-rules.js';
import { refusalForQuerySetting } from './query-settings-clauses.js';
import { refusalForFunction } from './refused-functions.js';
import { refusalForShowStatement, refusalForStatementVariant } from './statement-kinds.js';
import { refusalForTableFunction } from './table-functions.js';

export interface InspectionOptions {
  rules: DialectRules;
  allowFileAccess: boolean;
}

/** Variant names that change data when they appear anywhere inside a query. */
const DATA_CHANGING_VARIANTS = new Set(['Insert', 'Update', 'Delete', 'Merge']);

/**
 * Statement variants that only read: queries, plans of queries, and catalogue listings.
 * `SHOW <name>` (ShowVariable) is left out: the parser drops a quoted argument (DuckDB's
 * `SHOW 'file.csv'` reads the file) so its tree cannot be trusted.
 */
const READ_ONLY_STATEMENT_VARIANTS = new Set([
  'Query', 'Explain', 'ExplainTable', 'ShowTables', 'ShowColumns', 'ShowDatabases', 'ShowSchemas', 'ShowViews',
]);

type JsonNode = unknown;
type JsonObject = Record<string, unknown>;

/** The refusal for one top-level statement, or null when it is a read-only query. */
export function refusalForStatement(statement: JsonNode, options: InspectionOptions): string | null {
  const variant = variantName(statement);
  if (variant === null) return 'The statement has an unexpected shape, so it cannot be checked; write a plain SELECT query.';
  if (variant === 'ShowVariable' && !options.rules.readOnlyVariants.includes(variant)) return refusalForShowStatement(showWords((statement as JsonObject)[variant]));
  if (!READ_ONLY_STATEMENT_VARIANTS.has(variant) && !options.rules.readOnlyVariants.includes(variant)) return refusalForStatementVariant(variant);
  const body = (statement as JsonObject)[variant];
  if (variant === 'Explain') {
    // EXPLAIN ANALYZE runs its statement, so the explained statement must itself be allowed.
    const explained = isObject(body) ? body.statement : undefined;
    return explained === undefined ? null : refusalForStatement(explained, options);
  }
  return findRefusalInTree(body, options);
}

function findRefusalInTree(node: JsonNode, options: InspectionOptions): string | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const refusal = findRefusalInTree(item, options);
      if (refusal !== null) return refusal;
    }
    return null;
  }
  if (!isObject(node)) return null;

  const ownRefusal = refusalForNode(node, options);
  if (ownRefusal !== null) return ownRefusal;
  for (const [key, value] of Object.entries(node)) {
    if (DATA_CHANGING_VARIANTS.has(key)) return refusalForStatementVariant(key);
    if (key === 'span') continue; // source positions only; skipping them keeps the walk quick
    if (key === 'TableFunction' && options.rules.allowedTableFunctions !== undefined) {
      const refusal = refusalForTableFunction(wrappedCallName(value), options.rules);
      if (refusal !== null) return refusal;
    }
    const refusal = findRefusalInTree(value, options);
    if (refusal !== null) return refusal;
  }
  return null;
}

/** Checks that depend on one node's fields rather than on its variant name. */
function refusalForNode(node: JsonObject, options: InspectionOptions): string | null {
  // `SELECT … INTO new_table` creates a table.
  if ('projection' in node && node.into !== undefined && node.into !== null) {
    return 'Only read-only queries are allowed: SELECT … INTO creates a table; drop the INTO clause.';
  }
  // `FOR UPDATE` / `FOR SHARE` lock rows.
  const locks = node.locks;
  if (Array.isArray(locks) && locks.length > 0) {
    return 'Only read-only queries are allowed: locking clauses (FOR UPDATE / FOR SHARE) take row locks; remove them.';
  }
  // A query's own `SETTINGS a = 1, …` clause (ClickHouse).
  if ('body' in node && Array.isArray(node.settings) && node.settings.length > 0) {
    const refusal = refusalForQuerySettings(node.settings, options.rules);
    if (refusal !== null) return refusal;
  }
  // DESCRIBE 'file.csv' and SHOW COLUMNS FROM 'file.csv' name their table in `table_name` /
  // `parent_name`; DuckDB sniffs the file for them just as it reads it for FROM.
  for (const key of ['table_name', 'parent_name']) {
    const tableName = node[key];
    if (Array.isArray(tableName)) {
      const refusal = refusalForFileReference(tableName, options);
      if (refusal !== null) return refusal;
    }
  }

  const name = node.name;
  if (!Array.isArray(name)) return null;
  const nameParts = name.map(identifierValue);

  // A function call: scalar (`Function`), table function in FROM (`Table` with args), LATERAL.
  const args = node.args;
  if (args !== undefined && args !== null) {
    const functionName = nameParts.at(-1);
    const refusal = functionName === undefined || functionName === null ? null : refusalForFunction(functionName, options);
    if (refusal !== null || options.rules.allowedTableFunctions === undefined || !isTableFunctionCall(node)) return refusal;
    return refusalForTableFunction(nameParts, options.rules);
  }

  return refusalForFileReference(name, options);
}

/** `FROM TABLE(f(…))`: the table function is the wrapped call. */
function wrappedCallName(tableFunction: unknown): (string | null)[] {
  const call = isObject(tableFunction) && isObject(tableFunction.expr) ? tableFunction.expr.Function : undefined;
  return isObject(call) && Array.isArray(call.name) ? call.name.map(identifierValue) : ['TABLE'];
}

/** A `Table` relation with arguments (`FROM numbers(10)`) or a LATERAL function, not a scalar call. */
function isTableFunctionCall(node: JsonObject): boolean {
  return 'with_hints' in node || 'lateral' in node;
}

/**
 * Each setting must be on the dialect's list and set to a plain literal: an expression could not be
 * checked for what it evaluates to. ClickHouse's clauses are taken out on tokens before parsing
 * (query-settings-clauses.ts); this catches any the parser still reads, in any dialect.
 */
function refusalForQuerySettings(settings: readonly unknown[], rules: DialectRules): string | null {
  for (const setting of settings) {
    const name = isObject(setting) ? identifierValue(setting.key) : null;
    if (name === null || !isObject(setting)) return 'The SETTINGS clause has an unexpected shape, so it cannot be checked; remove it.';
    const refusal = refusalForQuerySetting(name, isLiteral(setting.value), rules.allowedQuerySettings ?? []);
    if (refusal !== null) return refusal;
  }
  return null;
}

function isLiteral(expression: unknown): boolean {
  if (!isObject(expression) || !isObject(expression.Value)) return false;
  const value = expression.Value.value;
  if (!isObject(value)) return false;
  return ['Number', 'SingleQuotedString', 'Boolean'].some((kind) => kind in value);
}

/** DuckDB reads a file when a table name is a quoted path (`FROM 'sales.csv'`, `FROM "s3://b/x.parquet"`). */
function refusalForFileReference(nameParts: readonly unknown[], options: InspectionOptions): string | null {
  if (!options.rules.quotedTableNamesReadFiles || options.allowFileAccess) return null;
  for (const part of nameParts) {
    if (looksLikeFileReference(part)) {
      return `Reading the file ${quoteForMessage(identifierValue(part) ?? '')} as a table is not allowed: file access is turned off for this database.`;
    }
  }
  return null;
}

function looksLikeFileReference(part: unknown): boolean {
  const identifier = identifierObject(part);
  if (!identifier) return false;
  const quoteStyle = identifier.quote_style;
  const value = identifier.value;
  if (typeof value !== 'string') return false;
  if (quoteStyle === "'") return true;
  return quoteStyle !== undefined && quoteStyle !== null && /[./\\:*]/.test(value);
}

/** Name parts appear as `{ Identifier: { value } }` (ObjectNamePart) or as a bare `{ value }` (Ident). */
function identifierObject(part: unknown): JsonObject | null {
  if (!isObject(part)) return null;
  const wrapped = part.Identifier;
  if (isObject(wrapped)) return wrapped;
  return typeof part.value === 'string' ? part : null;
}

function identifierValue(part: unknown): string | null {
  const value = identifierObject(part)?.value;
  return typeof value === 'string' ? value : null;
}

/** `SHOW INDEX FROM t` reaches the parser as ShowVariable { variable: [INDEX, FROM, t] }: its words. */
function showWords(body: unknown): string[] {
  const words = isObject(body) && Array.isArray(body.variable) ? body.variable.map(identifierValue) : [];
  return words.filter((word): word is string => word !== null);
}

function variantName(statement: JsonNode): string | null {
  if (typeof statement === 'string') return statement;
  if (!isObject(statement)) return null;
  const keys = Object.keys(statement);
  return keys.length === 1 ? keys[0]! : null;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function quoteForMessage(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
