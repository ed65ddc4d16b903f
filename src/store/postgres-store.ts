// PostgreSQL, for several replicas sharing one state. Everything that must be atomic across
// replicas is a single statement or guarded by a unique key (see SqlStore); migrations take an
// advisory lock so two replicas starting together apply them once.
import pg from 'pg';
import { applyMigrations } from './apply-migrations.js';
import { SqlStore } from './sql-store.js';
import type { StoreDatabase, StoreParameter, StoreQueryRunner, StoreRow } from './store-database.js';
import { absorbConnectionErrors } from '../support/absorb-connection-errors.js';
import { storeUnavailable } from './store-unavailable.js';

/** Any fixed 64-bit number works; this one is "datathread migrations", only by convention. */
const MIGRATION_ADVISORY_LOCK_KEY = '4702116553';

const UNIQUE_VIOLATION_SQLSTATE = '23505';

function rethrowAsUnavailable(error: unknown): never {
  throw storeUnavailable(error);
}

class PostgresQueryRunner implements StoreQueryRunner {
  constructor(private readonly client: pg.Pool | pg.PoolClient) {}

  async query(sql: string, parameters: StoreParameter[] = []): Promise<StoreRow[]> {
    const result = await this.client.query<StoreRow>(sql, parameters).catch(rethrowAsUnavailable);
    return result.rows;
  }

  async execute(sql: string, parameters: StoreParameter[] = []): Promise<number> {
    const result = await this.client.query(sql, parameters).catch(rethrowAsUnavailable);
    return result.rowCount ?? 0;
  }

  async executeScript(sql: string): Promise<void> {
    // No parameters: pg uses the simple protocol, which accepts several statements.
    await this.client.query(sql).catch(rethrowAsUnavailable);
  }
}

/** How long a dropped LISTEN connection waits before it connects again. */
const LISTEN_RECONNECT_DELAY_MS = 1_000;

class PostgresStoreDatabase extends PostgresQueryRunner implements StoreDatabase {
  readonly dialect = 'postgres' as const;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {
    super(pool);
  }

  async listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    // A connection of its own, outside the pool: LISTEN lasts as long as the session.
    let client: pg.Client | undefined;
    let stopped = false;
    let reconnect: NodeJS.Timeout | undefined;
    const connect = async () => {
      const next = new pg.Client({ connectionString: this.connectionString });
      let dropped = false;
      // A server restart or failover drops the session: without a listener, 'error' would end the process.
      next.on('error', () => {
        if (dropped) return;
        dropped = true;
        if (client === next) client = undefined;
        next.end().catch(() => undefined);
        scheduleReconnect();
      });
      next.on('notification', () => onNotify());
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      onNotify();
    };
    const scheduleReconnect = () => {
      if (stopped || reconnect) return;
      reconnect = setTimeout(() => {
        reconnect = undefined;
        connect().catch(scheduleReconnect);
      }, LISTEN_RECONNECT_DELAY_MS);
      reconnect.unref();
    };
    await connect().catch(scheduleReconnect);
    return async () => {
      stopped = true;
      clearTimeout(reconnect);
      await client?.end().catch(() => undefined);
    };
  }

  async notify(runner: StoreQueryRunner, channel: string): Promise<void> {
    await runner.query('SELECT pg_notify($1, NULL)', [channel]);
  }

  async transaction<T>(work: (runner: StoreQueryRunner) => Promise<T>): Promise<T> {
    const client = await this.pool.connect().catch(rethrowAsUnavailable);
    const stopAbsorbing = absorbConnectionErrors(client);
    try {
      await client.query('BEGIN');
      const result = await work(new PostgresQueryRunner(client));
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
        client.release();
      } catch (rollbackError) {
        // The connection is in an unknown state: destroy it instead of returning it to the pool.
        client.release(rollbackError instanceof Error ? rollbackError : true);
      }
      throw error;
    } finally {
      stopAbsorbing();
    }
  }

  async holdTransactionLock(runner: StoreQueryRunner, key: string): Promise<void> {
    // Hashing can make two keys share a lock; that only serialises them, it never breaks them.
    await runner.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  }

  isUniqueViolation(error: unknown): boolean {
    return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION_SQLSTATE;
  }

  async migrate(): Promise<void> {
    await this.transaction(async (runner) => {
      // Held until this transaction ends; a second replica waits here, then finds nothing to do.
      await runner.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_ADVISORY_LOCK_KEY]);
      await applyMigrations(runner, 'postgres');
    });
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** Connects lazily to `connectionString` (postgres://...). Does not migrate. */
export function openPostgresStore(connectionString: string): SqlStore {
  const pool = new pg.Pool({ connectionString });
  // An idle connection that drops (server restart, network) is removed by the pool; without a
  // listener the 'error' event would crash the process. The next query opens a fresh connection.
  pool.on('error', () => undefined);
  return new SqlStore(new PostgresStoreDatabase(pool, connectionString));
}
