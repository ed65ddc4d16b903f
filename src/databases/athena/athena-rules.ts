// Amazon Athena (engine version 3) runs Trino's SQL: the same lexing ('…' strings with '' as the
// only escape, "…" names, `--` and flat /* */ comments), read by the PostgreSQL parser as Trino
// is. On top of Trino's refusals come Athena's own statements that write to S3 or the Glue
// catalog: UNLOAD, MSCK REPAIR TABLE, VACUUM and OPTIMIZE on Iceberg tables.
import type { DialectRules } from '../dialect-rules.js';
import { trinoRules } from '../trino/trino-rules.js';

export const athenaRules: DialectRules = {
  ...trinoRules,
  refusedStatements: [
    ...trinoRules.refusedStatements,
    { keywords: 'UNLOAD', consequence: 'write query results to Amazon S3' },
    { keywords: 'MSCK', consequence: 'change the Glue catalog’s partitions' },
    { keywords: 'VACUUM', consequence: 'rewrite table data' },
    { keywords: 'OPTIMIZE', consequence: 'rewrite table data' },
  ],
  // Catalogue listings Athena has and the PostgreSQL parser does not read.
  recognizedReads: [
    /^SHOW DATABASES$/i,
    /^SHOW TABLES(?: IN (?:\w+|"[^"]+"))?$/i,
    /^SHOW PARTITIONS (?:(?:\w+|"[^"]+") \. )?(?:\w+|"[^"]+")$/i,
  ],
  displayName: 'Amazon Athena',
  promptHints: [
    'Amazon Athena (Trino SQL): name tables as database.table, quote names with "…"; use LIMIT n; dates as DATE \'2024-01-31\'.',
    'Athena bills by data scanned: select only the columns you need and filter on partition columns.',
  ],
  location: 'cloud',
  defaultPort: undefined,
  requiredFields: ['region_name', 's3_staging_dir'],
  supportsEntraId: false,
};
