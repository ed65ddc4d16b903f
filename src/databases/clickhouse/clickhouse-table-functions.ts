// The table functions a ClickHouse query may read from. Most of ClickHouse's table functions reach
// beyond the database: files on the server (file, fileCluster, filesystem), URLs and object stores
// (url, s3, gcs, azureBlobStorage, hdfs and their *Cluster twins, iceberg*, deltaLake*, hudi*,
// paimon*), other servers (remote, cluster, mysql, postgresql, mongodb, redis, odbc, jdbc, ytsaurus),
// programs (executable), the INSERT's input (input), and new ones arrive with every release. A query
// that carries its own SETTINGS clause runs with readonly = 2, where ClickHouse lets file functions
// run. So the list is closed: functions that make their rows from their arguments or read tables of
// the database itself under the asker's own grants, and that ClickHouse itself runs at readonly = 1,
// so a SETTINGS clause (readonly = 2) reaches no table function a plain query could not.
//
// Decided and left out: zeros, zeros_mt and format (harmless, but ClickHouse refuses them at
// readonly = 1), dictionary (its source may be another server or a file), loop (re-reads a table
// forever), merge tree inspection (mergeTreeIndex, mergeTreeProjection, mergeTreeAnalyzeIndexes*,
// mergeTreeTextIndex: internals, not data), viewExplain, eval, arrowstream, timeSeries*, fuzzJSON,
// fuzzQuery, prometheusQuery*.
export const CLICKHOUSE_ALLOWED_TABLE_FUNCTIONS: readonly string[] = [
  // Rows made from the arguments.
  'numbers',
  'numbers_mt',
  'primes',
  'generate_series',
  'generateSeries',
  'generateRandom',
  'values',
  'null',
  // Tables and queries of the database itself, under the asker's grants.
  'merge',
  'view',
  'viewIfPermitted',
];
