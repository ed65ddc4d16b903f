// Functions a read-only query must not call. A SELECT can still escape read-only access through
// functions: some pass SQL text on to another database or run it unseen, some read server files,
// some change state (sequences, settings, other sessions). Matching is on the function's own name
// (the last part of a qualified name), case-insensitively, exactly or by a listed prefix, so
// identifiers that merely contain one of these names are not affected.

// The list below is refused on every dialect (names another database does not know are harmless
// to refuse); each dialect's rules add the functions only it has.

import type { DialectRules, FunctionRule } from '../databases/dialect-rules.js';

const COMMON_RULES: readonly FunctionRule[] = [
  {
    names: [
      'postgres_query', 'postgres_execute', 'postgres_scan', 'postgres_scan_pushdown', 'postgres_attach',
      'mysql_query', 'mysql_execute', 'mysql_scan', 'mysql_attach',
      'sqlite_query', 'sqlite_scan', 'sqlite_attach',
    ],
    prefixes: ['dblink'],
    reason: 'it passes SQL through to another database',
  },
  {
    names: ['json_execute_serialized_sql', 'query', 'query_table', 'query_to_xml', 'query_to_xmlschema', 'query_to_xml_and_xmlschema'],
    reason: 'it runs SQL given as text, which the statement gate cannot inspect',
  },
  {
    names: [
      'pg_read_file', 'pg_read_binary_file', 'pg_stat_file', 'pg_ls_dir', 'pg_ls_logdir', 'pg_ls_waldir',
      'pg_ls_tmpdir', 'pg_ls_archive_statusdir', 'pg_ls_logicalmapdir', 'pg_ls_logicalsnapdir',
      'pg_ls_replslotdir', 'pg_file_write', 'pg_file_rename', 'pg_file_unlink', 'pg_file_sync',
      'lo_import', 'lo_export', 'readfile', 'writefile', 'edit',
    ],
    reason: 'it reads or writes files on the database server',
  },
  {
    names: ['lo_create', 'lo_creat', 'lo_unlink', 'lo_put', 'lo_from_bytea', 'lo_truncate', 'lo_open', 'lo_write'],
    reason: 'it changes large objects stored in the database',
  },
  { names: ['set_config'], reason: 'it changes session settings' },
  { names: ['pg_terminate_backend', 'pg_cancel_backend'], reason: 'it stops other database sessions' },
  { names: ['nextval', 'setval'], reason: 'it changes a sequence' },
  { names: ['pg_notify'], reason: 'it sends a notification' },
  { prefixes: ['pg_advisory_', 'pg_try_advisory_'], reason: 'it takes locks' },
  {
    names: [
      'pg_reload_conf', 'pg_rotate_logfile', 'pg_switch_wal', 'pg_promote', 'pg_create_restore_point',
      'pg_backup_start', 'pg_backup_stop', 'pg_logical_emit_message', 'pg_import_system_collations',
      'pg_log_backend_memory_contexts', 'pg_wal_replay_pause', 'pg_wal_replay_resume',
    ],
    prefixes: ['pg_create_', 'pg_drop_replication', 'pg_replication_origin_', 'pg_stat_reset'],
    reason: 'it changes the database server’s state',
  },
  { names: ['load_extension'], reason: 'it loads native code into the database' },
];

export interface FunctionCheckOptions {
  rules: DialectRules;
  allowFileAccess: boolean;
}

/** The refusal sentence when calling `functionName` is not allowed, else null. */
export function refusalForFunction(functionName: string, options: FunctionCheckOptions): string | null {
  const name = functionName.toLowerCase();
  for (const rule of [...COMMON_RULES, ...options.rules.refusedFunctions]) {
    if (rule.allowedWithFileAccess && options.allowFileAccess) continue;
    const matches = (rule.names?.includes(name) ?? false) || (rule.prefixes?.some((prefix) => name.startsWith(prefix)) ?? false);
    if (matches) return `Function ${name} is not allowed: ${rule.reason}.`;
  }
  return null;
}
