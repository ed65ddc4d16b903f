// Which catalog reader reads which dialect: the one place sync learns them. A dialect without an
// entry is still synced, from the adapter's introspection (names and types only).
import { clickhouseCatalogReader } from '../databases/clickhouse/clickhouse-catalog.js';
import { duckdbCatalogReader } from '../databases/duckdb/duckdb-catalog.js';
import { mysqlCatalogReader } from '../databases/mysql/mysql-catalog.js';
import { postgresCatalogReader } from '../databases/postgres/postgres-catalog.js';
import { sqliteCatalogReader } from '../databases/sqlite/sqlite-catalog.js';
import type { Dialect } from '../databases/types.js';
import type { CatalogReader } from '../databases/table-metadata.js';

const CATALOG_READERS: Partial<Record<Dialect, CatalogReader>> = {
  duckdb: duckdbCatalogReader,
  postgres: postgresCatalogReader,
  sqlite: sqliteCatalogReader,
  mysql: mysqlCatalogReader,
  clickhouse: clickhouseCatalogReader,
};

export function catalogReaderFor(dialect: Dialect): CatalogReader | undefined {
  return CATALOG_READERS[dialect];
}
