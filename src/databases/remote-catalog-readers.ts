// Which catalog reader `datathread sync` uses for the cloud and remote dialects. BigQuery's reader
// needs the configured dataset or location (its INFORMATION_SCHEMA views must be qualified) and
// Athena's the adapter's own API client (table comments come only through ListTableMetadata), so
// the choice takes the config and the adapter. Undefined for the dialects read elsewhere. The
// adapter is recognised by what it can do, not by its class: importing the class would load the
// AWS SDK into every sync (see create-database-adapter.ts).
import type { CatalogReader } from './table-metadata.js';
import { athenaCatalogReader, type AthenaTableComments } from './athena/athena-catalog.js';
import { bigqueryCatalogReader } from './bigquery/bigquery-catalog.js';
import type { DatabaseConfig } from './database-config.js';
import { databricksCatalogReader } from './databricks/databricks-catalog.js';
import { mssqlCatalogReader } from './mssql/mssql-catalog.js';
import { redshiftCatalogReader } from './redshift/redshift-catalog.js';
import { snowflakeCatalogReader } from './snowflake/snowflake-catalog.js';
import { starrocksCatalogReader } from './starrocks/starrocks-catalog.js';
import { trinoCatalogReader } from './trino/trino-catalog.js';
import type { DatabaseAdapter } from './types.js';

function readsTableComments(adapter: DatabaseAdapter): adapter is DatabaseAdapter & AthenaTableComments {
  return adapter.dialect === 'athena' && typeof (adapter as Partial<AthenaTableComments>).tableComments === 'function';
}

export function remoteCatalogReader(config: DatabaseConfig, adapter: DatabaseAdapter): CatalogReader | undefined {
  switch (config.type) {
    case 'redshift':
      return redshiftCatalogReader;
    case 'starrocks':
      return starrocksCatalogReader;
    case 'mssql':
      return mssqlCatalogReader;
    case 'snowflake':
      return snowflakeCatalogReader;
    case 'databricks':
      return databricksCatalogReader;
    case 'bigquery':
      return bigqueryCatalogReader(config);
    case 'trino':
      return trinoCatalogReader;
    case 'athena':
      return readsTableComments(adapter) ? athenaCatalogReader(config, adapter) : undefined;
    default:
      return undefined;
  }
}
