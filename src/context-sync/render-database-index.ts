// A database's generated README.md: one line per table under its schema, with the first sentence
// of its description, and once whether the warehouse has comments at all.
import { withGeneratedHeader } from './generated-header.js';
import { cellText, firstSentence } from './markdown-cells.js';
import { NO_DESCRIPTION, tableDescription, type TableFileSource } from './render-table-file.js';
import type { TableMetadata } from '../databases/table-metadata.js';
import { fingerprintLine, keptHandWrittenLine } from './unchanged-database.js';

export interface IndexedTable {
  table: TableMetadata;
  /** The table file's path relative to the database folder. */
  fileName: string;
}

export interface DatabaseIndexOptions extends TableFileSource {
  commentsAvailable: boolean;
  /** Kept under the header so the next sync can tell, with one cheap look, that nothing changed. */
  catalogFingerprint?: string | undefined;
  /** Table files (relative to the database folder) left alone because they are hand-written; kept beside the fingerprint. */
  keptHandWritten?: string[] | undefined;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function tableLine({ table, fileName }: IndexedTable): string {
  const description = tableDescription(table);
  const summary = description === NO_DESCRIPTION ? '' : ` — ${cellText(firstSentence(description))}`;
  return `- [\`${table.schema}.${table.name}\`](${fileName})${summary}`;
}

export function renderDatabaseIndex(tables: IndexedTable[], options: DatabaseIndexOptions): string {
  const schemas = new Map<string, IndexedTable[]>();
  for (const entry of tables) {
    const list = schemas.get(entry.table.schema) ?? [];
    list.push(entry);
    schemas.set(entry.table.schema, list);
  }
  const comments = options.commentsAvailable ? 'read from the warehouse' : `${options.engine} keeps none, so descriptions come from dbt or nowhere`;
  const lines = [
    ...(options.catalogFingerprint ? [fingerprintLine(options.catalogFingerprint), keptHandWrittenLine(options.keptHandWritten ?? [])] : []),
    `# ${options.database} (${options.engine})`,
    '',
    `${plural(tables.length, 'table or view', 'tables and views')} in ${plural(schemas.size, 'schema', 'schemas')}. Table and column comments: ${comments}.`,
  ];
  for (const [schema, entries] of schemas) lines.push('', `## ${schema}`, '', ...entries.map(tableLine));
  lines.push('');
  return withGeneratedHeader(options.database, lines.join('\n'));
}
