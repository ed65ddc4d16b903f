// The behaviour every Store must have, registered once per implementation. Both stores run the
// exact same cases, against a real database, so SQLite and PostgreSQL cannot drift apart.
// Tests share one database per implementation, so each uses its own thread ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  StoryExistsError,
  StoryNotFoundError,
  StoryVersionConflictError,
  type AnswerFeedbackRecord,
  type EncryptedUserToken,
  type PendingClarification,
  type QueryAuditRecord,
  type Store,
  type StoredQueryResult,
  type StoredStory,
  type StoredStoryVersion,
} from '../../src/store/types.js';

export interface StoreContractHarness {
  /** Opens a migrated store on the implementation's shared test database; each call is a new connection. */
  openStore(): Promise<Store>;
}

const BASE_TIME_MS = Date.parse('2024-05-01T10:00:00.123Z');

function at(offsetMs: number): Date {
  return new Date(BASE_TIME_MS + offsetMs);
}

let threadCounter = 0;

function freshThreadId(label: string): string {
  threadCounter += 1;
  return `slack:C${label}:${Date.now()}.${threadCounter}.${Math.random().toString(36).slice(2, 8)}`;
}

function everyByteValue(): Buffer {
  return Buffer.from(Array.from({ length: 256 }, (_, index) => index));
}

function storyVersion(threadId: string, slug: string, version: number, overrides: Partial<StoredStoryVersion> = {}) {
  const record: StoredStoryVersion = {
    threadId,
    slug,
    version,
    title: `Revenue v${version}`,
    code: `# Revenue\n\nversion ${version}`,
    action: version === 1 ? 'create' : 'update',
    author: 'assistant',
    summary: `change ${version}`,
    createdAt: at(version * 1_000),
    ...overrides,
  };
  return record;
}

function story(threadId: string, slug: string, overrides: Partial<StoredStory> = {}): StoredStory {
  return { threadId, slug, title: 'Revenue v1', createdAt: at(1_000), ...overrides };
}

export function describeStoreContract(implementationName: string, harness: StoreContractHarness): void {
  describe(`${implementationName} store contract`, () => {
    const openedStores: Store[] = [];
    let store: Store;

    /** A second connection to the same database: stands in for another replica or a restart. */
    async function openAnotherStore(): Promise<Store> {
      const another = await harness.openStore();
      openedStores.push(another);
      return another;
    }

    beforeAll(async () => {
      store = await openAnotherStore();
    });

    afterAll(async () => {
      await Promise.all(openedStores.map((opened) => opened.close()));
    });

    describe('migrate', () => {
      it('is idempotent: running it again keeps the schema and the data', async () => {
        const threadId = freshThreadId('migrate');
        await store.ensureConversation(threadId, 'slack', at(0));
        await store.migrate();
        await store.migrate();
        expect(await store.getConversation(threadId)).toEqual({
          threadId,
          platform: 'slack',
          createdAt: at(0),
          updatedAt: at(0),
        });
      });

      it('lets two stores migrate the same database at once', async () => {
        const [first, second] = await Promise.all([openAnotherStore(), openAnotherStore()]);
        await Promise.all([first.migrate(), second.migrate()]);
        const threadId = freshThreadId('migrate');
        await first.ensureConversation(threadId, 'teams', at(5));
        expect((await second.getConversation(threadId))?.platform).toBe('teams');
      });
    });

    describe('conversations', () => {
      it('creates a conversation with createdAt and updatedAt set to now', async () => {
        const threadId = freshThreadId('conversation');
        const created = await store.ensureConversation(threadId, 'slack', at(0));
        expect(created).toEqual({ threadId, platform: 'slack', createdAt: at(0), updatedAt: at(0) });
        expect(await store.getConversation(threadId)).toEqual(created);
      });

      it('touches updatedAt on a second call and keeps createdAt and platform', async () => {
        const threadId = freshThreadId('conversation');
        await store.ensureConversation(threadId, 'slack', at(0));
        const touched = await store.ensureConversation(threadId, 'teams', at(60_000));
        expect(touched).toEqual({ threadId, platform: 'slack', createdAt: at(0), updatedAt: at(60_000) });
        expect(await store.getConversation(threadId)).toEqual(touched);
      });

      it('never moves updatedAt backwards (a replica with a late clock)', async () => {
        const threadId = freshThreadId('conversation');
        await store.ensureConversation(threadId, 'slack', at(60_000));
        const touched = await store.ensureConversation(threadId, 'slack', at(1_000));
        expect(touched.updatedAt).toEqual(at(60_000));
        expect(touched.createdAt).toEqual(at(60_000));
      });

      it('returns undefined for an unknown thread', async () => {
        expect(await store.getConversation(freshThreadId('unknown'))).toBeUndefined();
      });
    });

    describe('messages', () => {
      it('assigns consecutive sequences from 0 and continues after the last one', async () => {
        const threadId = freshThreadId('messages');
        const first = await store.appendMessages(threadId, [
          { threadId, role: 'user', content: { role: 'user', content: 'revenue by month?' }, createdAt: at(0) },
          { threadId, role: 'assistant', content: { role: 'assistant', content: [] }, createdAt: at(1) },
        ]);
        expect(first.map((message) => message.sequence)).toEqual([0, 1]);
        const second = await store.appendMessages(threadId, [
          { threadId, role: 'tool', content: { role: 'tool', content: [{ type: 'tool-result' }] }, createdAt: at(2) },
        ]);
        expect(second).toEqual([
          {
            threadId,
            sequence: 2,
            role: 'tool',
            content: { role: 'tool', content: [{ type: 'tool-result' }] },
            createdAt: at(2),
          },
        ]);
        expect((await store.listMessages(threadId)).map((message) => [message.sequence, message.role])).toEqual([
          [0, 'user'],
          [1, 'assistant'],
          [2, 'tool'],
        ]);
      });

      it('round-trips JSON content and timestamps exactly', async () => {
        const threadId = freshThreadId('messages');
        const content = {
          role: 'user',
          content: [{ type: 'text', text: 'Ünïcödé ✓ "quotes" \\ back\nslash' }],
          numbers: [0, -1.5, 1e21, 9007199254740991],
          nested: { empty: {}, list: [], flag: false, nothing: null },
        };
        await store.appendMessages(threadId, [{ threadId, role: 'user', content, createdAt: at(999) }]);
        expect(await store.listMessages(threadId)).toEqual([
          { threadId, sequence: 0, role: 'user', content, createdAt: at(999) },
        ]);
      });

      it('keeps threads apart and returns [] for an empty append or an unknown thread', async () => {
        const threadA = freshThreadId('messages');
        const threadB = freshThreadId('messages');
        await store.appendMessages(threadA, [{ threadId: threadA, role: 'user', content: 'a', createdAt: at(0) }]);
        const inB = await store.appendMessages(threadB, [{ threadId: threadB, role: 'user', content: 'b', createdAt: at(0) }]);
        expect(inB[0]?.sequence).toBe(0);
        expect(await store.appendMessages(threadA, [])).toEqual([]);
        expect((await store.listMessages(threadA)).map((message) => message.content)).toEqual(['a']);
        expect(await store.listMessages(freshThreadId('unknown'))).toEqual([]);
      });

      it('files messages under the thread argument', async () => {
        const threadId = freshThreadId('messages');
        const appended = await store.appendMessages(threadId, [
          { threadId: 'some-other-thread', role: 'user', content: 'x', createdAt: at(0) },
        ]);
        expect(appended[0]?.threadId).toBe(threadId);
        expect((await store.listMessages(threadId)).map((message) => message.threadId)).toEqual([threadId]);
      });

      it('never gives two concurrent appends from two stores the same sequence', async () => {
        const threadId = freshThreadId('messages');
        const other = await openAnotherStore();
        const appendsPerStore = 6;
        const appends = Array.from({ length: appendsPerStore * 2 }, (_, index) =>
          (index % 2 === 0 ? store : other).appendMessages(threadId, [
            { threadId, role: 'user', content: `append ${index} first`, createdAt: at(index) },
            { threadId, role: 'assistant', content: `append ${index} second`, createdAt: at(index) },
          ]),
        );
        const results = await Promise.all(appends);
        for (const [index, appended] of results.entries()) {
          // Each append's messages stay together, in order.
          expect(appended[1]!.sequence).toBe(appended[0]!.sequence + 1);
          expect(appended.map((message) => message.content)).toEqual([`append ${index} first`, `append ${index} second`]);
        }
        const listed = await store.listMessages(threadId);
        expect(listed.map((message) => message.sequence)).toEqual(Array.from({ length: appendsPerStore * 4 }, (_, index) => index));
        expect(new Set(listed.map((message) => message.content)).size).toBe(appendsPerStore * 4);
      });
    });

    describe('query results', () => {
      function queryResult(threadId: string, overrides: Partial<StoredQueryResult> = {}): StoredQueryResult {
        return {
          threadId,
          queryId: 'query_0a1b2c3d',
          databaseName: 'warehouse',
          sql: 'SELECT month, revenue FROM sales',
          columns: [
            { name: 'month', type: 'date' },
            { name: 'revenue', type: 'double' },
          ],
          rows: [
            ['2024-01-01', 1200.5],
            ['2024-02-01', null],
          ],
          rowCount: 2,
          truncated: false,
          createdAt: at(10),
          ...overrides,
        };
      }

      it('saves and reads back a result exactly', async () => {
        const threadId = freshThreadId('results');
        const saved = queryResult(threadId);
        await store.saveQueryResult(saved);
        expect(await store.getQueryResult(threadId, 'query_0a1b2c3d')).toEqual(saved);
      });

      it('overwrites a result saved again under the same id, and keeps booleans', async () => {
        const threadId = freshThreadId('results');
        await store.saveQueryResult(queryResult(threadId));
        const replacement = queryResult(threadId, { rows: [['2024-03-01', 7]], rowCount: 500, truncated: true, createdAt: at(20) });
        await store.saveQueryResult(replacement);
        expect(await store.getQueryResult(threadId, 'query_0a1b2c3d')).toEqual(replacement);
      });

      it('keeps every kind of value exactly, over 10,000 rows: numbers and nulls, text, booleans, lists, objects, mixed columns', async () => {
        const threadId = freshThreadId('results');
        const rows = Array.from({ length: 10_000 }, (_, index) => [
          index % 7 === 0 ? null : index * 1.25 - 3000,
          index % 11 === 0 ? null : `customer ${index} “quoted” \\ 𝔘 ${'é'.repeat(index % 3)}`,
          index % 2 === 0,
          index % 5 === 0 ? { nested: [index, 'x'], __proto__key: null } : [index, null],
          index % 3 === 0 ? 'text' : index,
          '',
          2 ** 53 - index,
        ]);
        const saved = queryResult(threadId, {
          columns: ['amount', 'name', 'flag', 'detail', 'mixed', 'empty', 'big'].map((name) => ({ name, type: 'any' })),
          rows,
          rowCount: rows.length,
        });
        await store.saveQueryResult(saved);
        expect(await store.getQueryResult(threadId, 'query_0a1b2c3d')).toEqual(saved);
      });

      it('keeps a result with no rows, and one whose text holds a lone surrogate', async () => {
        const threadId = freshThreadId('results');
        const empty = queryResult(threadId, { rows: [], rowCount: 0 });
        await store.saveQueryResult(empty);
        expect(await store.getQueryResult(threadId, 'query_0a1b2c3d')).toEqual(empty);
        const odd = queryResult(threadId, { queryId: 'query_surrogate', rows: [['\ud800 alone', 1], ['after', 2]] });
        await store.saveQueryResult(odd);
        expect(await store.getQueryResult(threadId, 'query_surrogate')).toEqual(odd);
      });

      it('scopes query ids to their thread', async () => {
        const threadA = freshThreadId('results');
        const threadB = freshThreadId('results');
        await store.saveQueryResult(queryResult(threadA));
        expect(await store.getQueryResult(threadB, 'query_0a1b2c3d')).toBeUndefined();
        expect(await store.getQueryResult(threadA, 'query_ffffffff')).toBeUndefined();
      });
    });

    describe('stories', () => {
      it('creates a story with version 1 and reads it every way', async () => {
        const threadId = freshThreadId('stories');
        const first = storyVersion(threadId, 'revenue', 1);
        await store.stories.createStory(story(threadId, 'revenue'), first);
        expect(await store.stories.getStory(threadId, 'revenue')).toEqual(story(threadId, 'revenue'));
        expect(await store.stories.listStories(threadId)).toEqual([story(threadId, 'revenue')]);
        expect(await store.stories.getLatestStoryVersion(threadId, 'revenue')).toEqual(first);
        expect(await store.stories.getStoryVersion(threadId, 'revenue', 1)).toEqual(first);
        expect(await store.stories.listStoryVersions(threadId, 'revenue')).toEqual([first]);
      });

      it('throws StoryExistsError for a taken slug in the same thread and leaves the story as it was', async () => {
        const threadId = freshThreadId('stories');
        await store.stories.createStory(story(threadId, 'revenue'), storyVersion(threadId, 'revenue', 1));
        const attempt = store.stories.createStory(
          story(threadId, 'revenue', { title: 'Other' }),
          storyVersion(threadId, 'revenue', 1, { title: 'Other', code: 'other' }),
        );
        await expect(attempt).rejects.toBeInstanceOf(StoryExistsError);
        await expect(attempt).rejects.toThrow('Story "revenue" already exists in this conversation.');
        expect(await store.stories.listStoryVersions(threadId, 'revenue')).toEqual([storyVersion(threadId, 'revenue', 1)]);
        expect((await store.stories.getStory(threadId, 'revenue'))?.title).toBe('Revenue v1');
      });

      it('allows the same slug in another thread', async () => {
        const threadA = freshThreadId('stories');
        const threadB = freshThreadId('stories');
        await store.stories.createStory(story(threadA, 'revenue'), storyVersion(threadA, 'revenue', 1));
        await store.stories.createStory(story(threadB, 'revenue'), storyVersion(threadB, 'revenue', 1));
        expect(await store.stories.listStories(threadB)).toEqual([story(threadB, 'revenue')]);
      });

      it('refuses a first version that is not version 1 of the same story', async () => {
        const threadId = freshThreadId('stories');
        await expect(store.stories.createStory(story(threadId, 'revenue'), storyVersion(threadId, 'revenue', 2))).rejects.toThrow(
          'createStory needs version 1 of the same story',
        );
        await expect(store.stories.createStory(story(threadId, 'revenue'), storyVersion(threadId, 'costs', 1))).rejects.toThrow(
          'createStory needs version 1 of the same story',
        );
        expect(await store.stories.getStory(threadId, 'revenue')).toBeUndefined();
      });

      it('adds the next version, lists versions in order and renames the story to the latest title', async () => {
        const threadId = freshThreadId('stories');
        await store.stories.createStory(story(threadId, 'revenue'), storyVersion(threadId, 'revenue', 1));
        const second = storyVersion(threadId, 'revenue', 2);
        const third = storyVersion(threadId, 'revenue', 3, { action: 'replace', author: 'user', title: 'Renamed' });
        await store.stories.addStoryVersion(second);
        await store.stories.addStoryVersion(third);
        expect(await store.stories.getLatestStoryVersion(threadId, 'revenue')).toEqual(third);
        expect(await store.stories.getStoryVersion(threadId, 'revenue', 2)).toEqual(second);
        expect((await store.stories.listStoryVersions(threadId, 'revenue')).map((version) => version.version)).toEqual([1, 2, 3]);
        expect(await store.stories.getStory(threadId, 'revenue')).toEqual(story(threadId, 'revenue', { title: 'Renamed' }));
      });

      it('throws StoryVersionConflictError unless the version is latest + 1', async () => {
        const threadId = freshThreadId('stories');
        await store.stories.createStory(story(threadId, 'revenue'), storyVersion(threadId, 'revenue', 1));
        await store.stories.addStoryVersion(storyVersion(threadId, 'revenue', 2));
        for (const version of [1, 2, 4]) {
          const attempt = store.stories.addStoryVersion(storyVersion(threadId, 'revenue', version, { code: 'late' }));
          await expect(attempt).rejects.toBeInstanceOf(StoryVersionConflictError);
          await expect(attempt).rejects.toMatchObject({ slug: 'revenue', version });
        }
        expect((await store.stories.getLatestStoryVersion(threadId, 'revenue'))?.code).toBe('# Revenue\n\nversion 2');
      });

      it('throws StoryNotFoundError when adding a version to a missing story', async () => {
        const threadId = freshThreadId('stories');
        await expect(store.stories.addStoryVersion(storyVersion(threadId, 'missing', 1))).rejects.toBeInstanceOf(StoryNotFoundError);
        await expect(store.stories.addStoryVersion(storyVersion(threadId, 'missing', 2))).rejects.toBeInstanceOf(StoryNotFoundError);
      });

      it('lets exactly one of two concurrent writers of the same version win', async () => {
        const threadId = freshThreadId('stories');
        const other = await openAnotherStore();
        await store.stories.createStory(story(threadId, 'revenue'), storyVersion(threadId, 'revenue', 1));
        const outcomes = await Promise.allSettled([
          store.stories.addStoryVersion(storyVersion(threadId, 'revenue', 2, { code: 'from store' })),
          other.stories.addStoryVersion(storyVersion(threadId, 'revenue', 2, { code: 'from other' })),
        ]);
        const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
        expect(fulfilled).toHaveLength(1);
        expect(rejected).toHaveLength(1);
        expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(StoryVersionConflictError);
        const winner = outcomes[0]!.status === 'fulfilled' ? 'from store' : 'from other';
        expect((await store.stories.listStoryVersions(threadId, 'revenue')).map((version) => version.code)).toEqual([
          '# Revenue\n\nversion 1',
          winner,
        ]);
      });

      it('lets exactly one of two concurrent creators of the same slug win', async () => {
        const threadId = freshThreadId('stories');
        const other = await openAnotherStore();
        const outcomes = await Promise.allSettled([
          store.stories.createStory(story(threadId, 'revenue'), storyVersion(threadId, 'revenue', 1)),
          other.stories.createStory(story(threadId, 'revenue'), storyVersion(threadId, 'revenue', 1)),
        ]);
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const rejected = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
        expect(rejected.reason).toBeInstanceOf(StoryExistsError);
        expect(await store.stories.listStoryVersions(threadId, 'revenue')).toHaveLength(1);
      });

      it('lists stories by creation time and returns nothing for unknown ones', async () => {
        const threadId = freshThreadId('stories');
        await store.stories.createStory(story(threadId, 'later', { createdAt: at(9_000) }), storyVersion(threadId, 'later', 1));
        await store.stories.createStory(story(threadId, 'sooner', { createdAt: at(2_000) }), storyVersion(threadId, 'sooner', 1));
        expect((await store.stories.listStories(threadId)).map((listed) => listed.slug)).toEqual(['sooner', 'later']);
        expect(await store.stories.getStory(threadId, 'nope')).toBeUndefined();
        expect(await store.stories.getLatestStoryVersion(threadId, 'nope')).toBeUndefined();
        expect(await store.stories.getStoryVersion(threadId, 'later', 2)).toBeUndefined();
        expect(await store.stories.listStoryVersions(threadId, 'nope')).toEqual([]);
        expect(await store.stories.listStories(freshThreadId('stories'))).toEqual([]);
      });
    });

    describe('pending clarifications', () => {
      function pending(threadId: string, question = 'Which region?'): PendingClarification {
        return {
          threadId,
          question,
          options: ['EMEA', 'Americas', 'APAC'],
          askedUserId: 'U123',
          platformState: { channel: 'C1', messageTs: '1712.55', nested: [1, { ok: true }] },
          createdAt: at(42),
        };
      }

      it('saves and takes a pending clarification once', async () => {
        const threadId = freshThreadId('pending');
        await store.savePendingClarification(pending(threadId));
        expect(await store.takePendingClarification(threadId)).toEqual(pending(threadId));
        expect(await store.takePendingClarification(threadId)).toBeUndefined();
      });

      it('keeps one per thread: saving again replaces it', async () => {
        const threadId = freshThreadId('pending');
        await store.savePendingClarification(pending(threadId));
        await store.savePendingClarification({ ...pending(threadId, 'Which year?'), options: [] });
        expect(await store.takePendingClarification(threadId)).toEqual({ ...pending(threadId, 'Which year?'), options: [] });
      });

      it('hands it to exactly one of two concurrent takers', async () => {
        const threadId = freshThreadId('pending');
        const other = await openAnotherStore();
        await store.savePendingClarification(pending(threadId));
        const taken = await Promise.all([
          store.takePendingClarification(threadId),
          other.takePendingClarification(threadId),
          store.takePendingClarification(threadId),
          other.takePendingClarification(threadId),
        ]);
        expect(taken.filter((result) => result !== undefined)).toEqual([pending(threadId)]);
      });
    });

    describe('processed events', () => {
      it('returns true the first time, false for an unexpired duplicate, true again once expired', async () => {
        const eventKey = `slack:${freshThreadId('event')}`;
        expect(await store.markEventProcessed(eventKey, at(0), at(10_000))).toBe(true);
        expect(await store.markEventProcessed(eventKey, at(9_999), at(20_000))).toBe(false);
        // Expired exactly at expiresAt; the re-mark sets the new expiry.
        expect(await store.markEventProcessed(eventKey, at(10_000), at(30_000))).toBe(true);
        expect(await store.markEventProcessed(eventKey, at(29_999), at(40_000))).toBe(false);
        expect(await store.markEventProcessed(eventKey, at(30_001), at(50_000))).toBe(true);
      });

      it('keeps event keys apart', async () => {
        const eventKey = `slack:${freshThreadId('event')}`;
        expect(await store.markEventProcessed(`${eventKey}:a`, at(0), at(10_000))).toBe(true);
        expect(await store.markEventProcessed(`${eventKey}:b`, at(0), at(10_000))).toBe(true);
      });

      it('accepts an event exactly once across two concurrent stores', async () => {
        const eventKey = `slack:${freshThreadId('event')}`;
        const other = await openAnotherStore();
        const results = await Promise.all([
          store.markEventProcessed(eventKey, at(0), at(10_000)),
          other.markEventProcessed(eventKey, at(0), at(10_000)),
          store.markEventProcessed(eventKey, at(1), at(10_000)),
          other.markEventProcessed(eventKey, at(1), at(10_000)),
        ]);
        expect(results.filter(Boolean)).toHaveLength(1);
      });

      it('purges expired events and says how many', async () => {
        // Times from 1990 so events other tests left in the shared database are never counted.
        const oldTimeMs = Date.parse('1990-01-01T00:00:00.000Z');
        const eventKey = `teams:${freshThreadId('event')}`;
        await store.markEventProcessed(`${eventKey}:1`, new Date(oldTimeMs), new Date(oldTimeMs + 1_000));
        await store.markEventProcessed(`${eventKey}:2`, new Date(oldTimeMs), new Date(oldTimeMs + 2_000));
        await store.markEventProcessed(`${eventKey}:3`, new Date(oldTimeMs), new Date(oldTimeMs + 3_000));
        expect(await store.purgeExpiredEvents(new Date(oldTimeMs + 2_000))).toBe(2);
        expect(await store.purgeExpiredEvents(new Date(oldTimeMs + 2_000))).toBe(0);
        // The purged keys are new again; the surviving one is still a duplicate.
        expect(await store.markEventProcessed(`${eventKey}:1`, new Date(oldTimeMs), new Date(oldTimeMs + 9_000))).toBe(true);
        expect(await store.markEventProcessed(`${eventKey}:3`, new Date(oldTimeMs + 2_500), new Date(oldTimeMs + 9_000))).toBe(
          false,
        );
        expect(await store.purgeExpiredEvents(new Date(oldTimeMs + 9_000))).toBe(2);
      });
    });

    describe('turn jobs', () => {
      // Jobs are shared by the whole database: each test first finishes whatever earlier ones left.
      async function finishLeftovers(now: Date): Promise<void> {
        for (;;) {
          const job = await store.claimTurnJob('sweeper', now, new Date(now.getTime() + 1_000));
          if (!job) return;
          await store.finishTurnJob(job.jobId, 'sweeper', 'done', now);
        }
      }

      function newJob(threadId: string, jobId: string, createdAt = at(0)) {
        return { jobId, threadId, platform: 'slack' as const, payload: { request: { text: jobId }, reply: { channelId: 'C1' } }, createdAt };
      }

      it('creates exactly one job for an event however many deliveries race on two stores', async () => {
        await finishLeftovers(at(0));
        const threadId = freshThreadId('job');
        const other = await openAnotherStore();
        const keys = [`slack-event:${threadId}`, `slack-message:${threadId}`];
        // Each delivery carries the keys in its own order (app_mention and message of one post).
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, index) =>
            (index % 2 === 0 ? store : other).enqueueTurnJob(newJob(threadId, `${threadId}:${index}`), index % 3 === 0 ? [...keys].reverse() : keys, at(60_000)),
          ),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        const claimed = await store.claimTurnJob('replica-a', at(1), at(20_000));
        expect(claimed).toMatchObject({ threadId, state: 'running', attempts: 1, leaseOwner: 'replica-a', payload: { reply: { channelId: 'C1' } } });
        expect(await store.claimTurnJob('replica-b', at(2), at(20_000))).toBeUndefined();
        // The keys were all recorded with the job: a later delivery of either one is a duplicate.
        expect(await store.markEventsProcessed([keys[1]!], at(3), at(60_000))).toBe(false);
        await store.finishTurnJob(claimed!.jobId, 'replica-a', 'done', at(4));
      });

      it('records no key when one of them was seen before', async () => {
        const threadId = freshThreadId('job');
        expect(await store.markEventsProcessed([`${threadId}:b`], at(0), at(60_000))).toBe(true);
        expect(await store.enqueueTurnJob(newJob(threadId, `${threadId}:job`), [`${threadId}:a`, `${threadId}:b`], at(60_000))).toBe(false);
        expect(await store.getTurnJob(`${threadId}:job`)).toBeUndefined();
        expect(await store.markEventsProcessed([`${threadId}:a`], at(0), at(60_000))).toBe(true);
      });

      it('runs one job per thread at a time, in arrival order, and other threads meanwhile', async () => {
        await finishLeftovers(at(0));
        const threadA = freshThreadId('job');
        const threadB = freshThreadId('job');
        await store.enqueueTurnJob(newJob(threadA, `${threadA}:1`), [`${threadA}:1`], at(60_000));
        await store.enqueueTurnJob(newJob(threadA, `${threadA}:2`), [`${threadA}:2`], at(60_000));
        await store.enqueueTurnJob(newJob(threadB, `${threadB}:1`), [`${threadB}:1`], at(60_000));
        expect((await store.claimTurnJob('replica-a', at(1), at(20_000)))?.jobId).toBe(`${threadA}:1`);
        expect((await store.claimTurnJob('replica-b', at(1), at(20_000)))?.jobId).toBe(`${threadB}:1`);
        expect(await store.claimTurnJob('replica-b', at(2), at(20_000))).toBeUndefined();
        await store.finishTurnJob(`${threadA}:1`, 'replica-a', 'done', at(3));
        expect((await store.claimTurnJob('replica-b', at(4), at(20_000)))?.jobId).toBe(`${threadA}:2`);
        await store.finishTurnJob(`${threadA}:2`, 'replica-b', 'done', at(5));
        await store.finishTurnJob(`${threadB}:1`, 'replica-b', 'done', at(5));
        expect((await store.getTurnJob(`${threadA}:2`))?.state).toBe('done');
      });

      it('hands a job whose lease expired to exactly one other claimer, and the old owner can no longer renew or finish it', async () => {
        await finishLeftovers(at(0));
        const threadId = freshThreadId('job');
        const other = await openAnotherStore();
        await store.enqueueTurnJob(newJob(threadId, `${threadId}:1`), [`${threadId}:1`], at(60_000));
        await store.claimTurnJob('dead-replica', at(0), at(20_000));
        expect(await store.renewTurnJobLease(`${threadId}:1`, 'dead-replica', at(5_000), at(25_000))).toBe(true);
        expect(await other.claimTurnJob('replica-b', at(24_999), at(45_000))).toBeUndefined();
        const claims = await Promise.all([store.claimTurnJob('replica-b', at(25_000), at(45_000)), other.claimTurnJob('replica-c', at(25_000), at(45_000))]);
        const winners = claims.filter((job) => job !== undefined);
        expect(winners).toHaveLength(1);
        expect(winners[0]).toMatchObject({ jobId: `${threadId}:1`, attempts: 2 });
        expect(await store.renewTurnJobLease(`${threadId}:1`, 'dead-replica', at(26_000), at(46_000))).toBe(false);
        await store.finishTurnJob(`${threadId}:1`, 'dead-replica', 'done', at(26_000));
        expect((await store.getTurnJob(`${threadId}:1`))?.state).toBe('running');
        await store.finishTurnJob(`${threadId}:1`, winners[0]!.leaseOwner!, 'failed', at(27_000));
        expect((await store.getTurnJob(`${threadId}:1`))?.state).toBe('failed');
      });

      it('gives a released job back at once without counting the attempt', async () => {
        await finishLeftovers(at(0));
        const threadId = freshThreadId('job');
        await store.enqueueTurnJob(newJob(threadId, `${threadId}:1`), [`${threadId}:1`], at(60_000));
        await store.claimTurnJob('stopping-replica', at(0), at(20_000));
        await store.releaseTurnJob(`${threadId}:1`, 'stopping-replica', at(1_000));
        const again = await store.claimTurnJob('replica-b', at(1_001), at(21_000));
        expect(again).toMatchObject({ jobId: `${threadId}:1`, attempts: 1, leaseOwner: 'replica-b' });
        await store.finishTurnJob(`${threadId}:1`, 'replica-b', 'done', at(2_000));
      });

      it('keeps what a job posted, first record per key, and purges finished jobs with their posts', async () => {
        const threadId = freshThreadId('job');
        const jobId = `${threadId}:1`;
        await store.recordTurnJobPost(jobId, 'working', '1700.01', at(0));
        await store.recordTurnJobPost(jobId, 'working', '1700.99', at(1));
        await store.recordTurnJobPost(jobId, 'post:0', '1700.02', at(2));
        expect(await store.listTurnJobPosts(jobId)).toEqual(new Map([['working', '1700.01'], ['post:0', '1700.02']]));
        expect(await store.listTurnJobPosts(`${threadId}:other`)).toEqual(new Map());
      });
    });

    describe('query audit', () => {
      function audit(threadId: string, sql: string, createdAt: Date, overrides: Partial<QueryAuditRecord> = {}) {
        const record: QueryAuditRecord = {
          threadId,
          queryId: null,
          actor: { platform: 'slack', userId: 'U1' },
          ranAs: null,
          databaseName: 'warehouse',
          sql,
          rowCount: null,
          durationMs: null,
          refused: false,
          detail: null,
          createdAt,
          ...overrides,
        };
        return record;
      }

      it('round-trips every field, with nulls and optional actor fields', async () => {
        const threadId = freshThreadId('audit');
        const full = audit(threadId, 'SELECT 1', at(0), {
          queryId: 'query_0a1b2c3d',
          actor: { platform: 'teams', userId: 'aad-1', displayName: 'Ada Lovelace', email: 'ada@example.com' },
          ranAs: 'ada@example.com',
          rowCount: 1,
          durationMs: 12.75,
          detail: 'ok',
          model: { provider: 'anthropic.messages', model: 'claude-sonnet-4-5' },
          bytesScanned: 1_500_000_000,
        });
        const refused = audit(threadId, 'DROP TABLE sales', at(1), { refused: true, detail: 'writes are not allowed' });
        await store.recordQueryAudit(full);
        await store.recordQueryAudit(refused);
        const listed = await store.listQueryAudit({ threadId });
        expect(listed).toEqual([full, refused]);
        // No `displayName: undefined` keys appear: the record is exactly what was written.
        expect(listed[1]).toStrictEqual(refused);
      });

      it('orders by createdAt, then by insertion', async () => {
        const threadId = freshThreadId('audit');
        await store.recordQueryAudit(audit(threadId, 'late', at(5_000)));
        await store.recordQueryAudit(audit(threadId, 'same time, first', at(1_000)));
        await store.recordQueryAudit(audit(threadId, 'same time, second', at(1_000)));
        await store.recordQueryAudit(audit(threadId, 'earliest', at(0)));
        expect((await store.listQueryAudit({ threadId })).map((record) => record.sql)).toEqual([
          'earliest',
          'same time, first',
          'same time, second',
          'late',
        ]);
      });

      it('lists only records made at or after `since`', async () => {
        const threadId = freshThreadId('audit');
        await store.recordQueryAudit(audit(threadId, 'before', at(0)));
        await store.recordQueryAudit(audit(threadId, 'at the start', at(1_000)));
        await store.recordQueryAudit(audit(threadId, 'after', at(2_000)));
        expect((await store.listQueryAudit({ threadId, since: at(1_000) })).map((record) => record.sql)).toEqual(['at the start', 'after']);
      });

      it('lists every thread without a filter', async () => {
        const threadA = freshThreadId('audit');
        const threadB = freshThreadId('audit');
        await store.recordQueryAudit(audit(threadA, 'in a', at(2)));
        await store.recordQueryAudit(audit(threadB, 'in b', at(1)));
        const ours = (await store.listQueryAudit()).filter((record) => [threadA, threadB].includes(record.threadId));
        expect(ours.map((record) => record.sql)).toEqual(['in b', 'in a']);
        expect(await store.listQueryAudit({})).toHaveLength((await store.listQueryAudit()).length);
        expect(await store.listQueryAudit({ threadId: freshThreadId('audit') })).toEqual([]);
      });
    });

    describe('token usage', () => {
      it('round-trips a turn\'s tokens and lists the turns since a moment, oldest first', async () => {
        const threadId = freshThreadId('usage');
        const base = { threadId, provider: 'amazon-bedrock', model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', inputTokens: 1_100, outputTokens: 80, cachedInputTokens: 600 };
        const early = { ...base, createdAt: at(-86_400_000) };
        const later = { ...base, provider: 'google.generative-ai', model: 'gemini-2.5-flash', inputTokens: 12, outputTokens: 3, cachedInputTokens: 0, createdAt: at(5) };
        const first = { ...base, createdAt: at(1) };
        await store.recordTokenUsage(later);
        await store.recordTokenUsage(early);
        await store.recordTokenUsage(first);
        const ours = (await store.listTokenUsage(at(0))).filter((record) => record.threadId === threadId);
        expect(ours).toEqual([first, later]);
        expect((await store.listTokenUsage(at(-86_400_000))).filter((record) => record.threadId === threadId)).toHaveLength(3);
      });
    });

    describe('answer feedback', () => {
      function feedback(threadId: string, overrides: Partial<AnswerFeedbackRecord> = {}): AnswerFeedbackRecord {
        return {
          threadId,
          messageId: '1714557600.000200',
          actor: { platform: 'slack', userId: 'U-ANA', displayName: 'Ana' },
          rating: 'negative',
          comment: null,
          question: 'Revenue by region last quarter?',
          sql: ['SELECT region, SUM(amount) FROM orders GROUP BY region', "SELECT 'it''s' AS quoted"],
          createdAt: at(10),
          updatedAt: at(10),
          ...overrides,
        };
      }

      function ours(records: AnswerFeedbackRecord[], threadId: string): AnswerFeedbackRecord[] {
        return records.filter((record) => record.threadId === threadId);
      }

      it('keeps who, when, the rating, the question and the SQL', async () => {
        const threadId = freshThreadId('feedback');
        const record = feedback(threadId, { comment: 'Wrong quarter' });
        await store.recordFeedback(record);
        expect(ours(await store.listFeedback(), threadId)).toEqual([record]);
        const withoutName = feedback(threadId, { messageId: 'other', actor: { platform: 'teams', userId: 'aad-1' }, sql: [] });
        await store.recordFeedback(withoutName);
        expect(ours(await store.listFeedback(), threadId)).toEqual([record, withoutName]);
      });

      it('updates the same person\'s rating of the same message instead of adding a second one', async () => {
        const threadId = freshThreadId('feedback');
        await store.recordFeedback(feedback(threadId, { rating: 'positive' }));
        await store.recordFeedback(feedback(threadId, { rating: 'negative', comment: 'Counts refunds twice', updatedAt: at(20) }));
        // A later rating without text keeps the text given before, also when it switches to 👍.
        await store.recordFeedback(feedback(threadId, { rating: 'negative', comment: null, updatedAt: at(30) }));
        expect(ours(await store.listFeedback(), threadId)).toEqual([
          feedback(threadId, { rating: 'negative', comment: 'Counts refunds twice', createdAt: at(10), updatedAt: at(30) }),
        ]);
        await store.recordFeedback(feedback(threadId, { rating: 'positive', updatedAt: at(40) }));
        expect(ours(await store.listFeedback(), threadId)).toEqual([
          feedback(threadId, { rating: 'positive', comment: 'Counts refunds twice', createdAt: at(10), updatedAt: at(40) }),
        ]);
        await store.recordFeedback(feedback(threadId, { rating: 'negative', comment: 'Still twice', updatedAt: at(45) }));
        expect(ours(await store.listFeedback(), threadId)).toEqual([
          feedback(threadId, { rating: 'negative', comment: 'Still twice', createdAt: at(10), updatedAt: at(45) }),
        ]);
        // Another person on the same message is a record of their own.
        await store.recordFeedback(feedback(threadId, { actor: { platform: 'slack', userId: 'U-BEN' }, updatedAt: at(50) }));
        expect(ours(await store.listFeedback(), threadId).map((record) => record.actor.userId)).toEqual(['U-ANA', 'U-BEN']);
      });

      it('lists the feedback changed since a moment, oldest change first', async () => {
        const threadId = freshThreadId('feedback');
        await store.recordFeedback(feedback(threadId, { messageId: 'late', createdAt: at(5_000), updatedAt: at(5_000) }));
        await store.recordFeedback(feedback(threadId, { messageId: 'early', createdAt: at(-86_400_000), updatedAt: at(-86_400_000) }));
        await store.recordFeedback(feedback(threadId, { messageId: 'boundary', createdAt: at(0), updatedAt: at(0) }));
        expect(ours(await store.listFeedback(at(0)), threadId).map((record) => record.messageId)).toEqual(['boundary', 'late']);
        expect(ours(await store.listFeedback(), threadId).map((record) => record.messageId)).toEqual(['early', 'boundary', 'late']);
      });
    });

    describe('user tokens', () => {
      function token(userKey: string, overrides: Partial<EncryptedUserToken> = {}): EncryptedUserToken {
        return {
          userKey,
          provider: 'entra',
          ciphertext: everyByteValue(),
          expiresAt: at(3_600_000),
          updatedAt: at(0),
          ...overrides,
        };
      }

      it('saves and reads back the ciphertext byte for byte', async () => {
        const userKey = `teams:tenant:${freshThreadId('user')}`;
        await store.saveUserToken(token(userKey));
        const loaded = await store.getUserToken(userKey, 'entra');
        expect(loaded).toEqual(token(userKey));
        expect(loaded?.ciphertext.equals(everyByteValue())).toBe(true);
      });

      it('replaces a token saved again and keeps a null expiry', async () => {
        const userKey = `teams:tenant:${freshThreadId('user')}`;
        await store.saveUserToken(token(userKey));
        const replacement = token(userKey, { ciphertext: Buffer.from('new'), expiresAt: null, updatedAt: at(60_000) });
        await store.saveUserToken(replacement);
        expect(await store.getUserToken(userKey, 'entra')).toEqual(replacement);
      });

      it('keeps providers apart and deletes one token', async () => {
        const userKey = `teams:tenant:${freshThreadId('user')}`;
        await store.saveUserToken(token(userKey));
        await store.saveUserToken(token(userKey, { provider: 'other', ciphertext: Buffer.from([1]) }));
        await store.deleteUserToken(userKey, 'entra');
        expect(await store.getUserToken(userKey, 'entra')).toBeUndefined();
        expect((await store.getUserToken(userKey, 'other'))?.ciphertext).toEqual(Buffer.from([1]));
        await store.deleteUserToken(userKey, 'entra');
        expect(await store.getUserToken('nobody', 'entra')).toBeUndefined();
      });
    });

    describe('thread values', () => {
      it('inserts, overwrites, and keeps threads and keys apart', async () => {
        const thread = freshThreadId('values');
        const other = freshThreadId('values');
        expect(await store.getThreadValue(thread, 'teams.story-cards.report')).toBeUndefined();
        await store.setThreadValue(thread, 'teams.story-cards.report', '{"version":1}', at(0));
        await store.setThreadValue(other, 'teams.story-cards.report', '{"version":9}', at(0));
        await store.setThreadValue(thread, 'teams.story-cards.report', '{"version":2}', at(1_000));
        await store.setThreadValue(thread, 'another', 'x', at(0));
        expect(await store.getThreadValue(thread, 'teams.story-cards.report')).toBe('{"version":2}');
        expect(await store.getThreadValue(other, 'teams.story-cards.report')).toBe('{"version":9}');
        expect(await store.getThreadValue(thread, 'another')).toBe('x');
      });
    });
  });
}
