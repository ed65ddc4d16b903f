// Remembered corrections over StoreDatabase (the memory half of SqlStore). A status change is one
// UPDATE … WHERE status IN (…) RETURNING, so two verifiers clicking Approve at once approve it once.
import { epochMs } from './epoch-ms.js';
import type { MemoryFilter, MemoryRecord, MemoryStatusChange, MemoryStore } from './memory-store.js';
import type { StoreDatabase, StoreParameter, StoreRow } from './store-database.js';
import { dateFromColumn, optionalDateFromColumn } from './store-rows.js';

const MEMORY_COLUMNS =
  'memory_id, text, scope, database_name, status, proposed_by_platform, proposed_by, proposed_by_name, approved_by, thread_id, created_at, last_used_at, use_count';

export class SqlMemories implements MemoryStore {
  constructor(private readonly database: StoreDatabase) {}

  async saveMemory(memory: MemoryRecord): Promise<void> {
    await this.database.execute(
      `INSERT INTO memories (${MEMORY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        memory.id,
        memory.text,
        memory.scope,
        memory.databaseName,
        memory.status,
        memory.proposedBy.platform,
        memory.proposedBy.userId,
        memory.proposedBy.displayName ?? null,
        memory.approvedBy,
        memory.threadId,
        epochMs(memory.createdAt),
        memory.lastUsedAt ? epochMs(memory.lastUsedAt) : null,
        memory.useCount,
      ],
    );
  }

  async getMemory(id: string): Promise<MemoryRecord | undefined> {
    const rows = await this.database.query(`SELECT ${MEMORY_COLUMNS} FROM memories WHERE memory_id = $1`, [id]);
    return rows[0] ? memoryFromRow(rows[0]) : undefined;
  }

  async listMemories(filter: MemoryFilter = {}): Promise<MemoryRecord[]> {
    const conditions: string[] = [];
    const parameters: StoreParameter[] = [];
    const placeholders = (values: string[]) => values.map((value) => `$${parameters.push(value)}`).join(', ');
    if (filter.scopes) {
      if (filter.scopes.length === 0) return [];
      conditions.push(`scope IN (${placeholders(filter.scopes)})`);
    }
    if (filter.statuses) {
      if (filter.statuses.length === 0) return [];
      conditions.push(`status IN (${placeholders(filter.statuses)})`);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = await this.database.query(`SELECT ${MEMORY_COLUMNS} FROM memories ${where} ORDER BY created_at DESC, id DESC`, parameters);
    return rows.map(memoryFromRow);
  }

  async changeMemoryStatus(change: MemoryStatusChange): Promise<MemoryRecord | undefined> {
    if (change.from.length === 0) return undefined;
    const parameters: StoreParameter[] = [change.id, change.to, change.approvedBy ?? null];
    const from = change.from.map((status) => `$${parameters.push(status)}`).join(', ');
    const rows = await this.database.query(
      `UPDATE memories SET status = $2, approved_by = COALESCE($3, approved_by)
       WHERE memory_id = $1 AND status IN (${from}) RETURNING ${MEMORY_COLUMNS}`,
      parameters,
    );
    return rows[0] ? memoryFromRow(rows[0]) : undefined;
  }

  async recordMemoryUse(ids: string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    const parameters: StoreParameter[] = [epochMs(now)];
    const list = ids.map((id) => `$${parameters.push(id)}`).join(', ');
    await this.database.execute(`UPDATE memories SET use_count = use_count + 1, last_used_at = $1 WHERE memory_id IN (${list})`, parameters);
  }
}

function memoryFromRow(row: StoreRow): MemoryRecord {
  const displayName = row.proposed_by_name;
  return {
    id: String(row.memory_id),
    text: String(row.text),
    scope: String(row.scope),
    databaseName: row.database_name === null || row.database_name === undefined ? null : String(row.database_name),
    status: String(row.status) as MemoryRecord['status'],
    proposedBy: {
      platform: String(row.proposed_by_platform) as MemoryRecord['proposedBy']['platform'],
      userId: String(row.proposed_by),
      ...(typeof displayName === 'string' ? { displayName } : {}),
    },
    approvedBy: row.approved_by === null || row.approved_by === undefined ? null : String(row.approved_by),
    threadId: row.thread_id === null || row.thread_id === undefined ? null : String(row.thread_id),
    createdAt: dateFromColumn(row.created_at),
    lastUsedAt: optionalDateFromColumn(row.last_used_at),
    useCount: Number(row.use_count),
  };
}
