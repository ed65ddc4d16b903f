import { describe, expect, it } from 'vitest';
import { handleStoryClick, STORY_CLICK_FAILURE_MESSAGE, type StoryClick } from '../../../../src/channels/teams/stories/handle-story-click.js';
import { postTurnStories } from '../../../../src/channels/teams/stories/post-story.js';
import { createMemoryThreadValues, createStoryCardLedger, storyCardKey } from '../../../../src/channels/teams/stories/story-card-ledger.js';
import type { StoryArtifact } from '../../../../src/tools/tool-context.js';
import { cardTexts, fakeStoryStore, recordingLogger, recordingOutbox, storyVersion, THREAD_ID } from '../story-fixtures.js';

function artifact(version: number, summary: string, code = `Text of v${version}.`): StoryArtifact {
  return { slug: 'sales-review', version, title: 'Sales review', code, action: version === 1 ? 'create' : 'update', summary };
}

function setup(values = createMemoryThreadValues()) {
  const outbox = recordingOutbox();
  const logger = recordingLogger();
  const seen = new Set<string>();
  const versions = [storyVersion(1, 'Text of v1.', 'Created.'), storyVersion(2, 'Text of v2.', 'Edited the text.')];
  const dependencies = {
    store: fakeStoryStore([], versions),
    ledger: createStoryCardLedger(values),
    outbox,
    logger,
    markEventProcessed: async (key: string) => seen.size < seen.add(key).size,
  };
  return { outbox, logger, dependencies, values };
}

describe('posting story versions', () => {
  it('posts a new version and turns the card of the previous one into a superseded card', async () => {
    const { outbox, dependencies, values } = setup();
    await postTurnStories(THREAD_ID, [artifact(1, 'Created.')], dependencies);
    await postTurnStories(THREAD_ID, [artifact(2, 'Edited the text.')], dependencies);

    expect(outbox.sent.map((entry) => cardTexts(entry.card).slice(0, 3))).toEqual([
      ['Sales review', 'Version 1 · Created.', 'Text of v1.'],
      ['Sales review', 'Version 2 · Edited the text.', 'Text of v2.'],
    ]);
    expect(outbox.updates.map((entry) => [entry.id, cardTexts(entry.card)])).toEqual([
      ['activity-1', ['Sales review — v1', 'Superseded by v2: Edited the text.']],
    ]);
    expect(JSON.parse((await values.get(THREAD_ID, storyCardKey('sales-review')))!)).toEqual({ version: 2, activityIds: ['activity-2'] });
  });

  it('posts only the newest version when one turn saved several', async () => {
    const { outbox, dependencies } = setup();
    await postTurnStories(THREAD_ID, [artifact(1, 'Created.'), artifact(2, 'Edited the text.')], dependencies);
    expect(outbox.sent.map((entry) => cardTexts(entry.card)[1])).toEqual(['Version 2 · Edited the text.']);
    expect(outbox.updates).toEqual([]);
  });

  it('finds the previous card through the thread values, so new values (a restart without the store) cannot', async () => {
    const kept = setup();
    await postTurnStories(THREAD_ID, [artifact(1, 'Created.')], kept.dependencies);
    const restartedWithSameValues = setup(kept.values);
    await postTurnStories(THREAD_ID, [artifact(2, 'Edited the text.')], restartedWithSameValues.dependencies);
    expect(restartedWithSameValues.outbox.updates.map((entry) => entry.id)).toEqual(['activity-1']);

    const restartedInMemory = setup();
    await postTurnStories(THREAD_ID, [artifact(2, 'Edited the text.')], restartedInMemory.dependencies);
    expect(restartedInMemory.outbox.updates).toEqual([]);
  });

  it('says so in the thread when a saved version cannot be drawn', async () => {
    const { outbox, logger, dependencies } = setup();
    const failing = { ...dependencies, store: { ...dependencies.store, getQueryResult: async () => Promise.reject(new Error('disk gone')) } };
    await postTurnStories(THREAD_ID, [artifact(1, 'Created.', '<table query_id="query_abcdefgh" />')], failing);
    expect(cardTexts(outbox.sent[0]?.card)).toEqual([
      'The story "Sales review" (v1) is saved, but it could not be shown here. Ask in this thread to post it again.',
    ]);
    expect(logger.lines).toContain('Story could not be rendered for Teams');
  });
});

describe('story buttons', () => {
  const click = (action: StoryClick['action'], activityId: string, cardActivityId = 'card-1'): StoryClick => ({ threadId: THREAD_ID, action, activityId, cardActivityId });

  it('answers Versions with the list, and runs a redelivered click once', async () => {
    const { outbox, dependencies } = setup();
    expect(await handleStoryClick(click({ datathread: 'story_versions', slug: 'sales-review' }, 'a1'), dependencies)).toBe('handled');
    expect(await handleStoryClick(click({ datathread: 'story_versions', slug: 'sales-review' }, 'a1'), dependencies)).toBe('duplicate');
    expect(outbox.sent).toHaveLength(1);
    expect(cardTexts(outbox.sent[0]?.card)[0]).toBe('Versions of Sales review');
    expect(outbox.sent[0]?.card.actions?.map((action) => ('data' in action ? action.data : action.type))).toEqual([{ datathread: 'story_repost', slug: 'sales-review', version: 1 }]);
  });

  it('re-posts an older version once per Versions card, marked as such, without touching the current card', async () => {
    const { outbox, dependencies, values } = setup();
    const repost = { datathread: 'story_repost', slug: 'sales-review', version: 1 } as const;
    expect(await handleStoryClick(click(repost, 'a1'), dependencies)).toBe('handled');
    expect(await handleStoryClick(click(repost, 'a2'), dependencies)).toBe('duplicate');
    expect(await handleStoryClick(click(repost, 'a3', 'card-2'), dependencies)).toBe('handled');
    expect(outbox.sent.map((entry) => cardTexts(entry.card).slice(1, 3))).toEqual([
      ['Version 1 (posted again on request; the latest is v2) · Created.', 'Text of v1.'],
      ['Version 1 (posted again on request; the latest is v2) · Created.', 'Text of v1.'],
    ]);
    expect(outbox.updates).toEqual([]);
    expect(await values.get(THREAD_ID, storyCardKey('sales-review'))).toBeUndefined();
  });

  it('refuses a re-post to a clicker who may not read a result the story shows, and re-posts for one who may', async () => {
    const { outbox, dependencies } = setup();
    const checkedCodes: string[] = [];
    const refusing = {
      ...dependencies,
      refusalForRepost: async (code: string) => {
        checkedCodes.push(code);
        return 'You may not read the results of hr.';
      },
    };
    const repost = { datathread: 'story_repost', slug: 'sales-review', version: 1 } as const;
    expect(await handleStoryClick(click(repost, 'a1'), refusing)).toBe('handled');
    expect(checkedCodes).toEqual(['Text of v1.']);
    expect(outbox.sent.map((entry) => cardTexts(entry.card))).toEqual([['You may not read the results of hr.']]);

    const allowing = { ...dependencies, refusalForRepost: async () => undefined };
    expect(await handleStoryClick(click(repost, 'a2', 'card-2'), allowing)).toBe('handled');
    expect(outbox.sent.map((entry) => cardTexts(entry.card)[1])).toEqual([undefined, 'Version 1 (posted again on request; the latest is v2) · Created.']);
  });

  it('says when the story or the version is not in this thread', async () => {
    const { outbox, dependencies } = setup();
    await handleStoryClick(click({ datathread: 'story_versions', slug: 'other-story' }, 'a1'), dependencies);
    await handleStoryClick(click({ datathread: 'story_repost', slug: 'sales-review', version: 9 }, 'a2'), dependencies);
    expect(outbox.sent.map((entry) => cardTexts(entry.card))).toEqual([
      ['The story "other-story" is not in this thread.'],
      ['Version 9 of the story "sales-review" is not in this thread.'],
    ]);
  });

  it('answers a store fault with one plain sentence', async () => {
    const { outbox, dependencies } = setup();
    const failing = { ...dependencies, store: { ...dependencies.store, listStoryVersions: async () => Promise.reject(new Error('locked')) } };
    expect(await handleStoryClick(click({ datathread: 'story_versions', slug: 'sales-review' }, 'a1'), failing)).toBe('failed');
    expect(cardTexts(outbox.sent[0]?.card)).toEqual([STORY_CLICK_FAILURE_MESSAGE]);
  });
});
