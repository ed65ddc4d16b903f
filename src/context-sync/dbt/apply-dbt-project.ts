// Joins dbt's knowledge onto the warehouse's: each table a dbt model builds (same schema and
// relation name, compared without case, as warehouses fold unquoted names) gets the model's id and
// description, each column dbt documents gets dbt's description where the warehouse has no
// comment, and its unique / not_null / accepted_values tests as hints. The warehouse's own
// comments always win: they are what the data says about itself today.
import type { ColumnMetadata, TableMetadata } from '../../databases/table-metadata.js';
import type { DbtModel, DbtProject } from './dbt-project.js';

const relationKey = (schema: string, name: string) => `${schema.toLowerCase()}.${name.toLowerCase()}`;

function withModel(table: TableMetadata, model: DbtModel): TableMetadata {
  const columns = new Map(model.columns.map((column) => [column.name.toLowerCase(), column]));
  return {
    ...table,
    dbtModel: { uniqueId: model.uniqueId, description: model.description },
    columns: table.columns.map((column): ColumnMetadata => {
      const documented = columns.get(column.name.toLowerCase());
      if (!documented) return column;
      const merged: ColumnMetadata = { ...column };
      if (!merged.comment && documented.description) merged.comment = documented.description;
      if (documented.tests.length > 0) merged.dbtTests = documented.tests;
      return merged;
    }),
  };
}

export function applyDbtProject(tables: TableMetadata[], project: DbtProject): TableMetadata[] {
  const models = new Map(project.models.map((model) => [relationKey(model.schema, model.relation), model]));
  return tables.map((table) => {
    const model = models.get(relationKey(table.schema, table.name));
    return model ? withModel(table, model) : table;
  });
}
