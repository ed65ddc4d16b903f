// BigQuery's catalog for `datathread sync`. BigQuery's INFORMATION_SCHEMA views need a dataset or
// region qualifier, so this reader is made from the database's config: the configured dataset
// (`project.dataset`.INFORMATION_SCHEMA) or, without one, every dataset of the configured location
// (`project`.`region-xx`.INFORMATION_SCHEMA), as introspection reads it. Table descriptions come
// from TABLE_OPTIONS (option `description`, a quoted string literal), column descriptions from
// COLUMN_FIELD_PATHS (top-level fields only: a STRUCT's nested fields are not separate columns).
// Row counts come from TABLE_STORAGE.total_rows, which BigQuery keeps per region only, so it is
// read from the configured location and narrowed to the dataset. The unenforced keys are not read.
import type { CatalogReader, TableKind } from '../table-metadata.js';
import type { DatabaseConfig } from '../database-config.js';
import { assembleTables } from '../catalog-assembly.js';
import { optionalCountOf, optionalFlagOf, optionalTextOf, textOf } from '../catalog-row-values.js';

const KINDS: Record<string, TableKind> = { VIEW: 'view', 'MATERIALIZED VIEW': 'materialized view' };

/** BigQuery shows an option's STRING value as a literal: `"Net revenue, \"gross\" minus refunds"`. */
function unquotedOptionValue(value: string): string {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'string') return parsed;
  } catch {
    // Not a JSON-compatible literal (BigQuery may use single quotes or raw strings): strip the quotes.
  }
  return value.replace(/^[rR]?(["'])([\s\S]*)\1$/, '$2');
}

type BigQueryScope = Pick<DatabaseConfig, 'project_id' | 'dataset_id' | 'location'>;

const regionSchema = (config: BigQueryScope) => `\`${config.project_id ?? ''}\`.\`region-${(config.location ?? 'us').toLowerCase()}\`.INFORMATION_SCHEMA`;

function informationSchema(config: BigQueryScope): string {
  return config.dataset_id ? `\`${config.project_id ?? ''}.${config.dataset_id}\`.INFORMATION_SCHEMA` : regionSchema(config);
}

function tableStorageSql(config: BigQueryScope): string {
  const dataset = config.dataset_id ? ` WHERE table_schema = '${config.dataset_id.replaceAll("'", "\\'")}'` : '';
  return `SELECT table_schema, table_name, total_rows FROM ${regionSchema(config)}.TABLE_STORAGE${dataset}`;
}

export function bigqueryCatalogReader(config: BigQueryScope): CatalogReader {
  const schema = informationSchema(config);
  return {
    commentsAvailable: true,
    async readTables(run) {
      const tables = await run(`SELECT table_schema, table_name, table_type FROM ${schema}.TABLES ORDER BY table_schema, table_name`);
      const options = await run(`SELECT table_schema, table_name, option_value FROM ${schema}.TABLE_OPTIONS WHERE option_name = 'description'`);
      const columns = await run(`SELECT table_schema, table_name, column_name, data_type, is_nullable FROM ${schema}.COLUMNS ORDER BY table_schema, table_name, ordinal_position`);
      const fieldDescriptions = await run(
        `SELECT table_schema, table_name, column_name, description FROM ${schema}.COLUMN_FIELD_PATHS WHERE field_path = column_name AND description IS NOT NULL`,
      );
      const storage = await run(tableStorageSql(config));
      const key = (row: Record<string, unknown>, ...fields: string[]) => fields.map((field) => String(row[field])).join('\u0000');
      const rowCounts = new Map(storage.map((row) => [key(row, 'table_schema', 'table_name'), optionalCountOf(row, 'total_rows')]));
      const tableDescriptions = new Map(options.map((row) => [key(row, 'table_schema', 'table_name'), unquotedOptionValue(textOf(row, 'option_value'))]));
      const columnDescriptions = new Map(fieldDescriptions.map((row) => [key(row, 'table_schema', 'table_name', 'column_name'), optionalTextOf(row, 'description')]));
      return assembleTables(
        tables.map((row) => ({
          schema: textOf(row, 'table_schema'),
          name: textOf(row, 'table_name'),
          kind: KINDS[textOf(row, 'table_type')] ?? 'table',
          comment: tableDescriptions.get(key(row, 'table_schema', 'table_name'))?.trim() || undefined,
          approximateRowCount: rowCounts.get(key(row, 'table_schema', 'table_name')),
        })),
        columns.map((row) => ({
          schema: textOf(row, 'table_schema'),
          table: textOf(row, 'table_name'),
          name: textOf(row, 'column_name'),
          type: textOf(row, 'data_type'),
          nullable: optionalFlagOf(row, 'is_nullable'),
          comment: columnDescriptions.get(key(row, 'table_schema', 'table_name', 'column_name')),
        })),
      );
    },
  };
}
