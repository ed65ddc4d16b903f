// Where generated files go in the context folder. Names keep the engine's spelling; characters
// outside [A-Za-z0-9._-] become `_`, and a name made only of dots cannot climb out of its folder.

export function safePathName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return /^\.*$/.test(safe) ? `_${safe}` : safe;
}

export function databaseFolder(database: string): string {
  return `databases/${safePathName(database)}`;
}

/** The table file's path relative to the database folder, e.g. `main/revenue_daily.md`. */
export function tableFileName(schema: string, table: string): string {
  return `${safePathName(schema)}/${safePathName(table)}.md`;
}
