// Fakes for the story card tests: a store holding query results and story versions, an outbox
// that records what was sent and updated (assigning activity ids), and a logger that keeps lines.
import type { AdaptiveCard } from '../../../src/channels/teams/render/adaptive-card-types.js';
import type { StorySource } from '../../../src/channels/story-source.js';
import type { StoredQueryResult, StoredStoryVersion } from '../../../src/store/types.js';

export const THREAD_ID = 'teams:tenant-1:19:channel@thread.tacv2;messageid=root-1';

export function queryResult(queryId: string, columns: string[], rows: Array<Array<string | number>>): StoredQueryResult {
  return {
    threadId: THREAD_ID,
    queryId,
    databaseName: 'shop',
    sql: 'SELECT 1',
    columns: columns.map((name, position) => ({ name, type: position === 0 ? 'VARCHAR' : 'INTEGER' })),
    rows,
    rowCount: rows.length,
    truncated: false,
    createdAt: new Date('2026-03-02T10:00:00Z'),
  };
}

export function storyVersion(version: number, code: string, summary: string, title = 'Sales review'): StoredStoryVersion {
  return {
    threadId: THREAD_ID,
    slug: 'sales-review',
    version,
    title,
    code,
    action: version === 1 ? 'create' : 'update',
    author: 'assistant',
    summary,
    createdAt: new Date(Date.UTC(2026, 2, 2, 10, version)),
  };
}

export function fakeStoryStore(results: StoredQueryResult[], versions: StoredStoryVersion[] = []): StorySource {
  return {
    getQueryResult: async (threadId, queryId) => results.find((result) => result.threadId === threadId && result.queryId === queryId),
    getStoryVersion: async (threadId, slug, version) =>
      versions.find((entry) => entry.threadId === threadId && entry.slug === slug && entry.version === version),
    listStoryVersions: async (threadId, slug) => versions.filter((entry) => entry.threadId === threadId && entry.slug === slug),
  };
}

export function recordingOutbox() {
  const sent: Array<{ id: string; card: AdaptiveCard }> = [];
  const updates: Array<{ id: string; card: AdaptiveCard }> = [];
  return {
    sent,
    updates,
    post: async (card: AdaptiveCard) => {
      const id = `activity-${sent.length + 1}`;
      sent.push({ id, card });
      return id;
    },
    update: async (id: string, card: AdaptiveCard) => {
      updates.push({ id, card });
    },
  };
}

export function recordingLogger() {
  const lines: string[] = [];
  const log = (message: string) => void lines.push(message);
  return { lines, info: log, warn: log, error: log };
}

/** Every text of a card, depth first (TextBlocks in containers, columns and table cells too). */
export function cardTexts(card: AdaptiveCard | undefined): string[] {
  const collect = (elements: unknown[]): string[] =>
    elements.flatMap((element) => {
      const record = element as { text?: string; items?: unknown[]; type?: string; columns?: Array<{ items?: unknown[] }>; rows?: Array<{ cells: Array<{ items: unknown[] }> }> };
      return [
        ...(record.text !== undefined ? [record.text] : []),
        ...collect(record.items ?? []),
        ...(record.type === 'ColumnSet' ? (record.columns ?? []).flatMap((column) => collect(column.items ?? [])) : []),
        ...(record.rows ?? []).flatMap((row) => row.cells.flatMap((cell) => collect(cell.items))),
      ];
    });
  return collect(card?.body ?? []);
}
