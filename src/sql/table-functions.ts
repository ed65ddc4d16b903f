// Table functions in FROM and JOIN. Where a dialect's table functions reach files, URLs, object
// stores and other servers (ClickHouse: file, fileCluster, url, s3, remote … and new ones in every
// release), a deny-list is always one release behind, so such a dialect lists the few table
// functions that make their rows inside the database (allowedTableFunctions) and every other one
// is refused. A qualified name is refused too: no allowed table function is called that way.

import type { DialectRules } from '../databases/dialect-rules.js';

/** The refusal for calling table function `nameParts` in FROM or JOIN, or null when it may run. */
export function refusalForTableFunction(nameParts: readonly (string | null)[], rules: DialectRules): string | null {
  const allowed = rules.allowedTableFunctions;
  if (allowed === undefined) return null;
  const name = nameParts.length === 1 ? nameParts[0]?.toLowerCase() : undefined;
  if (name !== undefined && allowed.some((allowedName) => allowedName.toLowerCase() === name)) return null;
  const written = nameParts.map((part) => part ?? '?').join('.');
  return `Table function ${written} is not allowed on ${rules.displayName}: only table functions that make their rows inside the database may run (${allowed.join(', ')}); others read files, URLs or other servers. Query a table instead.`;
}
