// Pools for federated (auth_mode: azure_entra_id) databases: one small pool per person and token,
// so a query always runs as the asking user and a refreshed token gets fresh connections. A pool
// that has not been used for a while is closed and forgotten; tokens are kept only as a hash key.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { UserDatabaseCredential } from './types.js';

export const USER_POOL_IDLE_MS = 5 * 60_000;

interface UserPoolEntry {
  pool: pg.Pool;
  evictionTimer: NodeJS.Timeout;
}

export class PostgresUserPools {
  private readonly pools = new Map<string, UserPoolEntry>();

  constructor(
    private readonly createPool: (credential: UserDatabaseCredential) => pg.Pool,
    private readonly idleMs: number = USER_POOL_IDLE_MS,
  ) {}

  poolFor(credential: UserDatabaseCredential): pg.Pool {
    const key = `${credential.userName}\u0000${createHash('sha256').update(credential.accessToken).digest('hex')}`;
    const existing = this.pools.get(key);
    if (existing) {
      existing.evictionTimer.refresh();
      return existing.pool;
    }
    const pool = this.createPool(credential);
    const evictionTimer = setTimeout(() => {
      this.pools.delete(key);
      void pool.end().catch(() => undefined);
    }, this.idleMs);
    // An idle pool must not keep the process alive.
    evictionTimer.unref();
    this.pools.set(key, { pool, evictionTimer });
    return pool;
  }

  get size(): number {
    return this.pools.size;
  }

  async closeAll(): Promise<void> {
    const entries = [...this.pools.values()];
    this.pools.clear();
    for (const entry of entries) clearTimeout(entry.evictionTimer);
    await Promise.all(entries.map((entry) => entry.pool.end().catch(() => undefined)));
  }
}
