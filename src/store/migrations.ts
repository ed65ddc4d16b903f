// The schema, as an ordered list of versioned migrations. Each migration is written once; the few
// column types that differ between SQLite and PostgreSQL come from `ColumnTypes`. Timestamps are
// epoch milliseconds (BIGINT) so Dates round-trip exactly; JSON is stored as text, query result
// rows as bytes (see result-rows-encoding.ts).
import type { StoreDialect } from './store-database.js';

export interface ColumnTypes {
  bytes: string;
  boolean: string;
  /** Durations can be fractional milliseconds. */
  double: string;
  /** An auto-numbered primary key: gives rows a stable insertion order. */
  serialPrimaryKey: string;
  /** The UTF-8 bytes of a text expression (moving a text column's values into a bytes column). */
  textAsBytes(expression: string): string;
}

export interface Migration {
  version: number;
  name: string;
  sql(types: ColumnTypes): string;
}

const COLUMN_TYPES: Record<StoreDialect, ColumnTypes> = {
  sqlite: {
    bytes: 'BLOB',
    boolean: 'INTEGER',
    double: 'REAL',
    serialPrimaryKey: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    textAsBytes: (expression) => `CAST(${expression} AS BLOB)`,
  },
  postgres: {
    bytes: 'BYTEA',
    boolean: 'BOOLEAN',
    double: 'DOUBLE PRECISION',
    serialPrimaryKey: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
    textAsBytes: (expression) => `convert_to(${expression}, 'UTF8')`,
  },
};

export const SCHEMA_MIGRATIONS_TABLE_SQL = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at BIGINT NOT NULL
  )`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: (types) => `
      CREATE TABLE conversations (
        thread_id TEXT PRIMARY KEY,
        platform TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );

      CREATE TABLE messages (
        thread_id TEXT NOT NULL,
        sequence INTEGER NOT NULL,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (thread_id, sequence)
      );

      CREATE TABLE query_results (
        thread_id TEXT NOT NULL,
        query_id TEXT NOT NULL,
        database_name TEXT NOT NULL,
        sql_text TEXT NOT NULL,
        result_columns TEXT NOT NULL,
        result_rows TEXT NOT NULL,
        row_count INTEGER NOT NULL,
        truncated ${types.boolean} NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (thread_id, query_id)
      );

      CREATE TABLE charts (
        id ${types.serialPrimaryKey},
        thread_id TEXT NOT NULL,
        chart_id TEXT NOT NULL,
        query_id TEXT NOT NULL,
        title TEXT NOT NULL,
        config TEXT NOT NULL,
        spec TEXT NOT NULL,
        png ${types.bytes} NOT NULL,
        created_at BIGINT NOT NULL,
        UNIQUE (thread_id, chart_id)
      );

      CREATE TABLE stories (
        id ${types.serialPrimaryKey},
        thread_id TEXT NOT NULL,
        slug TEXT NOT NULL,
        title TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        UNIQUE (thread_id, slug)
      );

      CREATE TABLE story_versions (
        thread_id TEXT NOT NULL,
        slug TEXT NOT NULL,
        version INTEGER NOT NULL,
        title TEXT NOT NULL,
        code TEXT NOT NULL,
        action TEXT NOT NULL,
        author TEXT NOT NULL,
        summary TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (thread_id, slug, version),
        FOREIGN KEY (thread_id, slug) REFERENCES stories (thread_id, slug) ON DELETE CASCADE
      );

      CREATE TABLE pending_clarifications (
        thread_id TEXT PRIMARY KEY,
        question TEXT NOT NULL,
        options TEXT NOT NULL,
        asked_user_id TEXT NOT NULL,
        platform_state TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );

      CREATE TABLE processed_events (
        event_key TEXT PRIMARY KEY,
        processed_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX processed_events_expires_at ON processed_events (expires_at);

      CREATE TABLE thread_locks (
        thread_id TEXT PRIMARY KEY,
        owner_id TEXT NOT NULL,
        acquired_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );

      CREATE TABLE query_audit (
        id ${types.serialPrimaryKey},
        thread_id TEXT NOT NULL,
        query_id TEXT,
        actor_platform TEXT NOT NULL,
        actor_user_id TEXT NOT NULL,
        actor_display_name TEXT,
        actor_email TEXT,
        ran_as TEXT,
        database_name TEXT NOT NULL,
        sql_text TEXT NOT NULL,
        row_count INTEGER,
        duration_ms ${types.double},
        refused ${types.boolean} NOT NULL,
        detail TEXT,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX query_audit_thread_created ON query_audit (thread_id, created_at);

      CREATE TABLE user_tokens (
        user_key TEXT NOT NULL,
        provider TEXT NOT NULL,
        ciphertext ${types.bytes} NOT NULL,
        expires_at BIGINT,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (user_key, provider)
      );
    `,
  },
  {
    version: 2,
    name: 'thread_values: small per-thread values channels keep between processes',
    sql: () => `
      CREATE TABLE thread_values (
        thread_id TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (thread_id, key)
      );
    `,
  },
  {
    version: 3,
    name: 'token usage: tokens per turn, and the model behind each audited query',
    sql: (types) => `
      CREATE TABLE token_usage (
        id ${types.serialPrimaryKey},
        thread_id TEXT NOT NULL,
        provider TEXT NOT NULL,
        model TEXT NOT NULL,
        input_tokens INTEGER NOT NULL,
        output_tokens INTEGER NOT NULL,
        cached_input_tokens INTEGER NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX token_usage_created_at ON token_usage (created_at);
      ALTER TABLE query_audit ADD COLUMN model_provider TEXT;
      ALTER TABLE query_audit ADD COLUMN model TEXT;
    `,
  },
  {
    version: 4,
    name: 'turn jobs: every accepted event is a persisted job with a lease; what each job posted; no separate thread lock',
    sql: (types) => `
      CREATE TABLE turn_jobs (
        id ${types.serialPrimaryKey},
        job_id TEXT NOT NULL UNIQUE,
        thread_id TEXT NOT NULL,
        platform TEXT NOT NULL,
        payload TEXT NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        lease_owner TEXT,
        lease_expires_at BIGINT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE INDEX turn_jobs_state ON turn_jobs (state, id);
      CREATE INDEX turn_jobs_thread ON turn_jobs (thread_id, id);
      CREATE UNIQUE INDEX turn_jobs_one_running_per_thread ON turn_jobs (thread_id) WHERE state = 'running';

      CREATE TABLE turn_job_posts (
        job_id TEXT NOT NULL,
        post_key TEXT NOT NULL,
        message_id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (job_id, post_key)
      );

      DROP TABLE thread_locks;
    `,
  },
  {
    version: 5,
    name: 'answer feedback: one rating (and optional text) per person per answer message',
    sql: (types) => `
      CREATE TABLE answer_feedback (
        id ${types.serialPrimaryKey},
        thread_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        user_platform TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_display_name TEXT,
        rating TEXT NOT NULL,
        comment TEXT,
        question TEXT NOT NULL,
        sql_texts TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        UNIQUE (thread_id, message_id, user_id)
      );
      CREATE INDEX answer_feedback_updated_at ON answer_feedback (updated_at);
    `,
  },
  {
    version: 6,
    name: 'query results: rows kept as bytes in a named format (columns-v1 for new results; earlier ones stay json-rows)',
    // The table is rebuilt because SQLite cannot drop the NOT NULL text column in place.
    sql: (types) => `
      CREATE TABLE query_results_v6 (
        thread_id TEXT NOT NULL,
        query_id TEXT NOT NULL,
        database_name TEXT NOT NULL,
        sql_text TEXT NOT NULL,
        result_columns TEXT NOT NULL,
        rows_format TEXT NOT NULL,
        rows_data ${types.bytes} NOT NULL,
        row_count INTEGER NOT NULL,
        truncated ${types.boolean} NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (thread_id, query_id)
      );
      INSERT INTO query_results_v6
        (thread_id, query_id, database_name, sql_text, result_columns, rows_format, rows_data, row_count, truncated, created_at)
      SELECT thread_id, query_id, database_name, sql_text, result_columns, 'json-rows', ${types.textAsBytes('result_rows')}, row_count, truncated, created_at
      FROM query_results;
      DROP TABLE query_results;
      ALTER TABLE query_results_v6 RENAME TO query_results;
    `,
  },
  {
    version: 7,
    name: 'turn jobs: a Stop request stored on the running job, so the replica running it stops it',
    sql: () => `
      ALTER TABLE turn_jobs ADD COLUMN cancel_requested_at BIGINT;
    `,
  },
  {
    version: 8,
    name: 'verified queries: questions and the SQL a verifier confirmed from chat, one row per normalised SQL and database',
    sql: () => `
      CREATE TABLE verified_queries (
        id TEXT PRIMARY KEY,
        question TEXT NOT NULL,
        paraphrases TEXT NOT NULL,
        sql_text TEXT NOT NULL,
        normalized_sql TEXT NOT NULL,
        database_name TEXT NOT NULL,
        verified_by_platform TEXT NOT NULL,
        verified_by_user_id TEXT NOT NULL,
        verified_by_name TEXT,
        verified_at BIGINT NOT NULL,
        thread_id TEXT,
        UNIQUE (normalized_sql, database_name)
      );
    `,
  },
  {
    version: 9,
    name: 'memories: remembered corrections for a channel or the workspace, with their approval and use',
    sql: (types) => `
      CREATE TABLE memories (
        id ${types.serialPrimaryKey},
        memory_id TEXT NOT NULL UNIQUE,
        text TEXT NOT NULL,
        scope TEXT NOT NULL,
        database_name TEXT,
        status TEXT NOT NULL,
        proposed_by_platform TEXT NOT NULL,
        proposed_by TEXT NOT NULL,
        proposed_by_name TEXT,
        approved_by TEXT,
        thread_id TEXT,
        created_at BIGINT NOT NULL,
        last_used_at BIGINT,
        use_count INTEGER NOT NULL
      );
      CREATE INDEX memories_scope_status ON memories (scope, status);
    `,
  },
  {
    version: 10,
    name: 'schedules: scheduled reports and alerts, and one durable run job per occurrence',
    sql: (types) => `
      CREATE TABLE schedules (
        schedule_id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        owner TEXT NOT NULL,
        owner_user_id TEXT NOT NULL,
        source_thread_id TEXT NOT NULL,
        source_link TEXT,
        cron TEXT NOT NULL,
        time_zone TEXT NOT NULL,
        queries TEXT NOT NULL,
        delivery TEXT NOT NULL,
        alert TEXT,
        skip_unchanged ${types.boolean} NOT NULL,
        state TEXT NOT NULL,
        paused_reason TEXT,
        next_run_at BIGINT NOT NULL,
        last_result_digest TEXT,
        last_alert_value ${types.double},
        alert_holding ${types.boolean} NOT NULL,
        consecutive_failures INTEGER NOT NULL,
        failure_reported ${types.boolean} NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE INDEX schedules_due ON schedules (state, next_run_at);
      CREATE INDEX schedules_owner ON schedules (owner_user_id);

      CREATE TABLE schedule_runs (
        id ${types.serialPrimaryKey},
        run_id TEXT NOT NULL UNIQUE,
        schedule_id TEXT NOT NULL,
        occurrence_at BIGINT NOT NULL,
        missed_count INTEGER NOT NULL,
        manual ${types.boolean} NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        lease_owner TEXT,
        lease_expires_at BIGINT,
        posted_message_id TEXT,
        outcome TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        UNIQUE (schedule_id, occurrence_at)
      );
      CREATE INDEX schedule_runs_state ON schedule_runs (state, id);
    `,
  },
  {
    version: 11,
    name: 'turn ledger: who asked what, how it ended, its tokens and cost, and the budget reservation it holds while running',
    sql: () => `
      CREATE TABLE turn_ledger (
        turn_id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL,
        platform TEXT NOT NULL,
        user_key TEXT,
        channel_key TEXT,
        provider TEXT,
        model TEXT,
        input_tokens BIGINT NOT NULL,
        cached_input_tokens BIGINT NOT NULL,
        output_tokens BIGINT NOT NULL,
        cost_micro_usd BIGINT,
        reserved_tokens BIGINT NOT NULL,
        reserved_micro_usd BIGINT NOT NULL,
        status TEXT NOT NULL,
        failure_kind TEXT,
        started_at BIGINT NOT NULL,
        finished_at BIGINT,
        reservation_expires_at BIGINT NOT NULL
      );
      CREATE INDEX turn_ledger_started_at ON turn_ledger (started_at);
      CREATE TABLE budget_notices (
        limit_key TEXT NOT NULL,
        period_start BIGINT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (limit_key, period_start)
      );
      ALTER TABLE query_audit ADD COLUMN bytes_scanned BIGINT;
    `,
  },
  {
    version: 12,
    name: 'context sync runs: one row per scheduled occurrence, claimed by the one replica that runs it',
    sql: () => `
      CREATE TABLE context_sync_runs (
        occurrence_at BIGINT PRIMARY KEY,
        replica_id TEXT NOT NULL,
        claimed_at BIGINT NOT NULL,
        finished_at BIGINT,
        outcome TEXT
      );
    `,
  },
  {
    version: 13,
    name: 'schedule proposals: what the schedule tool proposed, until its asker confirms or cancels it',
    sql: () => `
      CREATE TABLE schedule_proposals (
        proposal_id TEXT PRIMARY KEY,
        owner_user_id TEXT NOT NULL,
        proposal TEXT NOT NULL,
        state TEXT NOT NULL,
        schedule_id TEXT,
        decided_by TEXT,
        decided_at BIGINT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
    `,
  },
  {
    version: 14,
    name: 'schedules: the story a schedule re-renders on each run (NULL for a schedule of query results)',
    sql: () => `
      ALTER TABLE schedules ADD COLUMN story TEXT;
    `,
  },
  {
    version: 15,
    name: 'schedule runs: when a run recorded its intent to post (a rerun then looks for that post before posting)',
    sql: () => `
      ALTER TABLE schedule_runs ADD COLUMN post_intent_at BIGINT;
    `,
  },
];

/** The migrations not yet in `appliedVersions`, in version order. */
export function pendingMigrations(
  appliedVersions: Iterable<number>,
  migrations: readonly Migration[] = MIGRATIONS,
): Migration[] {
  const applied = new Set(appliedVersions);
  return [...migrations]
    .sort((left, right) => left.version - right.version)
    .filter((migration) => !applied.has(migration.version));
}

export function migrationSql(migration: Migration, dialect: StoreDialect): string {
  return migration.sql(COLUMN_TYPES[dialect]);
}
