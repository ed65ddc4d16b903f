// Stories and their versions over StoreDatabase (the story half of SqlStore). Version numbers are
// protected by the (thread_id, slug, version) key, so concurrent writers cannot both land.
import { epochMs } from './epoch-ms.js';
import type { StoreDatabase, StoreQueryRunner } from './store-database.js';
import { storyFromRow, storyVersionFromRow } from './store-rows.js';
import { StoryExistsError, StoryNotFoundError, StoryVersionConflictError, type StoredStory, type StoredStoryVersion } from './types.js';

const STORY_VERSION_COLUMNS = 'thread_id, slug, version, title, code, action, author, summary, created_at';

export class SqlStories {
  constructor(private readonly database: StoreDatabase) {}

  async createStory(story: StoredStory, firstVersion: StoredStoryVersion): Promise<void> {
    if (firstVersion.threadId !== story.threadId || firstVersion.slug !== story.slug || firstVersion.version !== 1) {
      throw new Error(
        `createStory needs version 1 of the same story; got ${firstVersion.threadId}/${firstVersion.slug} ` +
          `version ${firstVersion.version} for ${story.threadId}/${story.slug}.`,
      );
    }
    await this.database.transaction(async (runner) => {
      // DO NOTHING instead of catching the violation: a PostgreSQL transaction is unusable after an error.
      const inserted = await runner.query(
        `INSERT INTO stories (thread_id, slug, title, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (thread_id, slug) DO NOTHING RETURNING slug`,
        [story.threadId, story.slug, story.title, epochMs(story.createdAt)],
      );
      if (inserted.length === 0) {
        throw new StoryExistsError(story.slug);
      }
      await insertStoryVersion(runner, firstVersion);
    });
  }

  async addStoryVersion(version: StoredStoryVersion): Promise<void> {
    try {
      await this.database.transaction(async (runner) => {
        const latestRows = await runner.query(
          `SELECT MAX(story_versions.version) AS latest_version
           FROM stories LEFT JOIN story_versions
             ON story_versions.thread_id = stories.thread_id AND story_versions.slug = stories.slug
           WHERE stories.thread_id = $1 AND stories.slug = $2
           GROUP BY stories.id`,
          [version.threadId, version.slug],
        );
        if (latestRows.length === 0) {
          throw new StoryNotFoundError(version.slug);
        }
        const latestVersion = Number(latestRows[0]!.latest_version ?? 0);
        if (version.version !== latestVersion + 1) {
          throw new StoryVersionConflictError(version.slug, version.version);
        }
        await insertStoryVersion(runner, version);
        // The story's title is its latest version's title (a replace can rename it).
        await runner.execute('UPDATE stories SET title = $3 WHERE thread_id = $1 AND slug = $2', [
          version.threadId,
          version.slug,
          version.title,
        ]);
      });
    } catch (error) {
      // Two writers read the same latest version; the unique key lets exactly one of them in.
      if (this.database.isUniqueViolation(error)) {
        throw new StoryVersionConflictError(version.slug, version.version);
      }
      throw error;
    }
  }

  async getStory(threadId: string, slug: string): Promise<StoredStory | undefined> {
    const rows = await this.database.query(
      'SELECT thread_id, slug, title, created_at FROM stories WHERE thread_id = $1 AND slug = $2',
      [threadId, slug],
    );
    return rows[0] ? storyFromRow(rows[0]) : undefined;
  }

  async listStories(threadId: string): Promise<StoredStory[]> {
    const rows = await this.database.query(
      'SELECT thread_id, slug, title, created_at FROM stories WHERE thread_id = $1 ORDER BY created_at, id',
      [threadId],
    );
    return rows.map(storyFromRow);
  }

  async getLatestStoryVersion(threadId: string, slug: string): Promise<StoredStoryVersion | undefined> {
    const rows = await this.database.query(
      `SELECT ${STORY_VERSION_COLUMNS} FROM story_versions WHERE thread_id = $1 AND slug = $2
       ORDER BY version DESC LIMIT 1`,
      [threadId, slug],
    );
    return rows[0] ? storyVersionFromRow(rows[0]) : undefined;
  }

  async getStoryVersion(threadId: string, slug: string, version: number): Promise<StoredStoryVersion | undefined> {
    const rows = await this.database.query(
      `SELECT ${STORY_VERSION_COLUMNS} FROM story_versions WHERE thread_id = $1 AND slug = $2 AND version = $3`,
      [threadId, slug, version],
    );
    return rows[0] ? storyVersionFromRow(rows[0]) : undefined;
  }

  async listStoryVersions(threadId: string, slug: string): Promise<StoredStoryVersion[]> {
    const rows = await this.database.query(
      `SELECT ${STORY_VERSION_COLUMNS} FROM story_versions WHERE thread_id = $1 AND slug = $2 ORDER BY version`,
      [threadId, slug],
    );
    return rows.map(storyVersionFromRow);
  }
}

async function insertStoryVersion(runner: StoreQueryRunner, version: StoredStoryVersion): Promise<void> {
  await runner.execute(
    `INSERT INTO story_versions (${STORY_VERSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      version.threadId,
      version.slug,
      version.version,
      version.title,
      version.code,
      version.action,
      version.author,
      version.summary,
      epochMs(version.createdAt),
    ],
  );
}
