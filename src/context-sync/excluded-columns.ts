// `sync.exclude_columns`: globs (`*` any run of characters, `?` one) on a column's name, on
// `table.column` and on `schema.table.column`, without regard to case. A matching column is never
// sampled, and its file says so.
import { DEFAULT_SYNC_EXCLUDED_COLUMNS } from '../databases/database-config.js';

function globPattern(glob: string): RegExp {
  const source = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 'i');
}

export type ColumnExclusion = (schema: string, table: string, column: string) => boolean;

export function columnExclusion(globs: readonly string[] = DEFAULT_SYNC_EXCLUDED_COLUMNS): ColumnExclusion {
  const patterns = globs.map(globPattern);
  return (schema, table, column) => {
    const names = [column, `${table}.${column}`, `${schema}.${table}.${column}`];
    return patterns.some((pattern) => names.some((name) => pattern.test(name)));
  };
}
