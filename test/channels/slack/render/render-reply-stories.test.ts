// How an answer makes room for story messages: no one-line notice, no repeated result tables, and
// the buttons in a message of their own so they can be posted below the stories.
import { describe, expect, it } from 'vitest';
import type { TurnOutcome } from '../../../../src/conversations/types.js';
import { latestStoryVersions } from '../../../../src/conversations/story-selection.js';
import { planReply } from '../../../../src/conversations/reply-plan.js';
import { renderReply, type RenderOptions } from '../../../../src/channels/slack/render/render-reply.js';
import type { QueryResult, StoryArtifact } from '../../../../src/tools/tool-context.js';

const THREAD = 'slack:T1:C1:1.1';
const story = (version: number, slug = 'review'): StoryArtifact => ({ slug, version, title: 'Review', code: '<table query_id="query_aaaaaaaa" />', action: version === 1 ? 'create' : 'update', summary: `v${version}` });
const table = (queryId: string) => ({ queryId, columns: [{ name: 'n', type: 'INTEGER' }], rows: [[1]], rowCount: 1, truncated: false }) as unknown as QueryResult;

const renderOutcome = (turn: TurnOutcome, options: RenderOptions) => renderReply(planReply(turn), options);

function outcome(partial: Partial<TurnOutcome>): TurnOutcome {
  return { threadId: THREAD, status: 'answered', text: 'Done.', charts: [], stories: [], queries: [], tables: [], followUps: [], ...partial };
}

describe('renderOutcome with stories posted as messages', () => {
  const withStory = outcome({ stories: [story(1)], tables: [table('query_aaaaaaaa'), table('query_bbbbbbbb')], followUps: ['More?'] });

  it('drops the notice and the tables the story shows, and keeps the buttons apart', () => {
    const reply = renderOutcome(withStory, { offerCsv: false, storiesAsMessages: true });
    const body = JSON.stringify(reply.messages);
    expect(body).not.toContain('Story *Review*');
    expect(body).not.toContain('query_aaaaaaaa');
    expect(reply.messages.flatMap((message) => message.blocks).filter((block) => block.type === 'data_table')).toHaveLength(1);
    expect(reply.controls?.blocks[0]).toMatchObject({ type: 'actions', block_id: 'datathread_follow_ups' });
  });

  it('keeps the one-line notice without a story source', () => {
    const reply = renderOutcome(withStory, { offerCsv: false });
    expect(JSON.stringify(reply.messages)).toContain('Story *Review* — version 1: v1');
    expect(reply.controls).toBeUndefined();
  });

  it('posts only the latest version of each story a turn changed', () => {
    expect(latestStoryVersions([story(1), story(1, 'other'), story(2), story(3)]).map((entry) => `${entry.slug}@${entry.version}`)).toEqual(['review@3', 'other@1']);
  });
});
