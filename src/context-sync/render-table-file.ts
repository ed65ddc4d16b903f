// One table's generated file, in the layout README.md in this folder shows: heading, description,
// facts list, columns table. The search index and the prompt read it back, so keep both in step.
import { withGeneratedHeader } from './generated-header.js';
import { cellText } from './markdown-cells.js';
import type { ColumnMetadata, TableMetadata } from '../databases/table-metadata.js';

export const NO_DESCRIPTION = 'No description in the warehouse.';

export interface TableFileSource {
  /** The configured database name (`database_id`). */
  database: string;
  /** The dialect's display name, e.g. `DuckDB`. */
  engine: string;
}

export function tableDescription(table: TableMetadata): string {
  const text = table.comment?.trim() || table.dbtModel?.description?.trim();
  return text || NO_DESCRIPTION;
}

function keyCell(column: ColumnMetadata): string {
  const keys: string[] = [];
  if (column.primaryKey) keys.push('PK');
  if (column.foreignKey) keys.push(`FK → ${column.foreignKey.table}.${column.foreignKey.column}`);
  return keys.join(', ');
}

function descriptionCell(column: ColumnMetadata): string {
  const parts = [column.comment?.trim() ?? ''].filter((part) => part !== '');
  if (column.dbtTests && column.dbtTests.length > 0) parts.push(`dbt tests: ${column.dbtTests.join(', ')}`);
  return parts.join('; ');
}

function frequentValuesCell(column: ColumnMetadata): string {
  if (column.excludedFromSampling) return 'not sampled (excluded)';
  return (column.frequentValues ?? []).map((value) => `\`${value.replace(/`/g, "'")}\``).join(', ');
}

function nullableCell(nullable: boolean | undefined): string {
  if (nullable === undefined) return '';
  return nullable ? 'yes' : 'no';
}

function columnRow(column: ColumnMetadata): string {
  const cells = [`\`${column.name}\``, column.type, nullableCell(column.nullable), keyCell(column), descriptionCell(column), frequentValuesCell(column)];
  return `| ${cells.map(cellText).join(' | ')} |`;
}

export function renderTableFile(table: TableMetadata, source: TableFileSource): string {
  const facts = [`- Database: \`${source.database}\` (${source.engine})`, `- Kind: ${table.kind}`];
  if (table.approximateRowCount !== undefined) facts.push(`- Approximate rows: ${Math.round(table.approximateRowCount).toLocaleString('en-US')}`);
  if (table.sortingKey && table.sortingKey.length > 0) facts.push(`- Sorting key: ${table.sortingKey.map((key) => `\`${key}\``).join(', ')}`);
  if (table.dbtModel) facts.push(`- dbt model: \`${table.dbtModel.uniqueId}\``);
  const lines = [
    `# ${table.schema}.${table.name}`,
    '',
    tableDescription(table),
    '',
    ...facts,
    '',
    '## Columns',
    '',
    '| Column | Type | Nullable | Key | Description | Frequent values |',
    '|---|---|---|---|---|---|',
    ...table.columns.map(columnRow),
    '',
  ];
  return withGeneratedHeader(source.database, lines.join('\n'));
}
