// Applies a database's sampling rules to its tables: excluded columns are marked (whether or not
// sampling is on, so the file shows the rule), and where `sync.sample_values` is true the other
// low-cardinality text columns of tables (not views, which may be costly queries) get their most
// frequent values. A column whose sample fails keeps none; the run counts them.
import type { Dialect } from '../databases/types.js';
import { forEachLimited } from './for-each-limited.js';
import type { ColumnExclusion } from './excluded-columns.js';
import { identifierQuoter } from './quote-identifier.js';
import { frequentValuesSql, isTextColumn, sampleFrequentValues } from './sample-frequent-values.js';
import type { CatalogQueryRunner, ColumnMetadata, TableMetadata } from '../databases/table-metadata.js';

const PARALLEL_SAMPLES = 4;

export interface SamplingPlan {
  dialect: Dialect;
  run: CatalogQueryRunner;
  sampleValues: boolean;
  isExcluded: ColumnExclusion;
}

export interface SamplingOutcome {
  sampledColumns: number;
  failedColumns: number;
}

export async function applySampling(tables: TableMetadata[], plan: SamplingPlan): Promise<SamplingOutcome> {
  const quote = identifierQuoter(plan.dialect);
  const toSample: Array<{ table: TableMetadata; column: ColumnMetadata }> = [];
  for (const table of tables) {
    for (const column of table.columns) {
      if (plan.isExcluded(table.schema, table.name, column.name)) column.excludedFromSampling = true;
      else if (plan.sampleValues && table.kind === 'table' && isTextColumn(column)) toSample.push({ table, column });
    }
  }
  const outcome: SamplingOutcome = { sampledColumns: 0, failedColumns: 0 };
  await forEachLimited(toSample, PARALLEL_SAMPLES, async ({ table, column }) => {
    try {
      const values = await sampleFrequentValues(plan.run, frequentValuesSql(table, column.name, quote));
      if (values && values.length > 0) column.frequentValues = values;
      outcome.sampledColumns += 1;
    } catch {
      outcome.failedColumns += 1;
    }
  });
  return outcome;
}
