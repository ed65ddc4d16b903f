// Where a memory applies: one channel (`channel:<id>`) or the whole workspace. A turn sees its own
// channel's memories and the approved workspace ones.
import type { MemoryRecord, MemoryScope } from '../store/memory-store.js';

export const WORKSPACE_SCOPE = 'workspace';

export function channelScope(channelId: string): MemoryScope {
  return `channel:${channelId}`;
}

/** The scopes a turn in this channel reads: its channel's, then the workspace's. */
export function scopesFor(channelId: string | undefined): MemoryScope[] {
  return channelId ? [channelScope(channelId), WORKSPACE_SCOPE] : [WORKSPACE_SCOPE];
}

export function scopeKind(scope: MemoryScope): 'channel' | 'workspace' {
  return scope === WORKSPACE_SCOPE ? 'workspace' : 'channel';
}

/** A memory about a database is seen only by people who may use that database. */
export function mayUseMemory(memory: Pick<MemoryRecord, 'databaseName'>, allowedDatabaseNames: ReadonlySet<string>): boolean {
  return memory.databaseName === null || allowedDatabaseNames.has(memory.databaseName);
}
