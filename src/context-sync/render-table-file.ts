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
  if (table.approximateRowCount !== undefined) facts.push(`${ROW_COUNT_FACT}${roundedRowCount(table.approximateRowCount).toLocaleString('en-US')}`);
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
  const body = lines.join('\n');
  return withGeneratedHeader(source.database, body, hashedBody(body, table.approximateRowCount));
}

const ROW_COUNT_FACT = '- Approximate rows: ';
/** The engine's estimate moves with every vacuum or insert; a reader needs its size, not its digits. */
const ROW_COUNT_SIGNIFICANT_DIGITS = 2;

/** 59,651 → 60,000; 123 → 120; 7 → 7. */
function roundedRowCount(rows: number): number {
  const whole = Math.max(0, Math.round(rows));
  if (whole === 0) return 0;
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(whole)) + 1 - ROW_COUNT_SIGNIFICANT_DIGITS);
  return Math.round(whole / unit) * unit;
}

/**
 * What decides whether the file is rewritten: the body with the row count replaced by its power of
 * ten. So a file changes when its schema, comments, keys or sampled values change, or when the
 * table grows or shrinks tenfold — never because the estimate moved a little (each rewrite is a git
 * change someone reviews). The count shown is the one of the last rewrite.
 */
function hashedBody(body: string, rows: number | undefined): string {
  if (rows === undefined) return body;
  const scale = Math.max(0, Math.round(rows)) === 0 ? 'none' : `10^${Math.floor(Math.log10(Math.round(rows)))}`;
  return body.replace(new RegExp(`^${ROW_COUNT_FACT}.*$`, 'm'), `${ROW_COUNT_FACT}${scale}`);
}
