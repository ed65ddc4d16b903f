// The table functions a ClickHouse query may read from. Most of ClickHouse's table functions reach
// beyond the database: files on the server (file, fileCluster, filesystem), URLs and object stores
// (url, s3, gcs, azureBlobStorage, hdfs and their *Cluster twins, iceberg*, deltaLake*, hudi*,
// paimon*), other servers (remote, cluster, mysql, postgresql, mongodb, redis, odbc, jdbc, ytsaurus),
// programs (executable), the INSERT's input (input), and new ones arrive with every release. A query
// that carries its own SETTINGS clause runs with readonly = 2, where ClickHouse lets file functions
// run. So the list is closed: only functions that make their rows from their arguments or read
// tables of the database itself under the asker's own grants. Everything else is refused.
//
// Decided and left out: dictionary (its source may be another server or a file), loop (re-reads a
// table forever), merge tree inspection (mergeTreeIndex, mergeTreeProjection, mergeTreeAnalyzeIndexes*,
// mergeTreeTextIndex: internals, not data), viewExplain, eval, arrowstream, timeSeries*, fuzzJSON,
// fuzzQuery, prometheusQuery*.
export const CLICKHOUSE_ALLOWED_TABLE_FUNCTIONS: readonly string[] = [
  // Rows made from the arguments.
  'numbers',
  'numbers_mt',
  'zeros',
  'zeros_mt',
  'primes',
  'generate_series',
  'generateSeries',
  'generateRandom',
  'values',
  'null',
  // Parses the text given as its argument.
  'format',
  // Tables and queries of the database itself, under the asker's grants.
  'merge',
  'view',
  'viewIfPermitted',
];
