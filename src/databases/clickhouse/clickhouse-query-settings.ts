// The settings a ClickHouse query may carry in its own `SETTINGS …` clause. ClickHouse lets a
// query change settings only when the session has readonly = 2, and then any setting but
// `readonly` itself, including the limits the adapter sets (max_execution_time, max_result_rows,
// result_overflow_mode) and ones that write (query cache, spilling to disk) or raise memory limits.
// So the list is closed: only settings that change how a read is planned or how its values are
// shown, none that lifts a limit, writes anything or reaches beyond the query. A setting not here
// is refused by the statement gate in a clause at any depth (subquery, CTE, UNION branch), and the
// adapter runs the query with readonly = 1 (no setting may change) unless the gate approved every
// clause in it.
export const CLICKHOUSE_ALLOWED_QUERY_SETTINGS: readonly string[] = [
  // Join and aggregate semantics.
  'join_algorithm',
  'join_use_nulls',
  'join_default_strictness',
  'joined_subquery_requires_alias',
  'aggregate_functions_null_for_empty',
  'count_distinct_implementation',
  'group_by_use_nulls',
  'transform_null_in',
  'cast_keep_nullable',
  'union_default_mode',
  'prefer_column_name_to_alias',
  'enable_analyzer',
  'allow_experimental_analyzer',
  // How a read is planned over the same data.
  'max_threads',
  'final',
  'do_not_merge_across_partitions_select_final',
  'optimize_read_in_order',
  'optimize_aggregation_in_order',
  'optimize_move_to_prewhere',
  'use_skip_indexes',
  // How values are shown.
  'session_timezone',
];
