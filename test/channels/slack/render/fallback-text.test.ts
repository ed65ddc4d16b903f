import { describe, expect, it } from 'vitest';
import { renderReply } from '../../../../src/channels/slack/render/render-reply.js';
import { planReply } from '../../../../src/conversations/reply-plan.js';
import type { TurnOutcome } from '../../../../src/conversations/types.js';

const outcome: TurnOutcome = {
  threadId: 'slack:T1:C1:1.1',
  status: 'answered',
  text: '',
  notes: [],
  charts: [],
  stories: [],
  queries: [],
  tables: [],
  followUps: ['Sales by month?', 'Top customers?'],
  signInRequired: [],
};

describe('Slack fallback text', () => {
  it('names the buttons of a message that holds only buttons, instead of the app name', () => {
    // The answer was streamed, so the reply after it is the buttons alone.
    const rendered = renderReply({ ...planReply({ ...outcome, text: 'North leads.' }), answer: '' }, { offerCsv: false });
    const message = rendered.controls ?? rendered.messages.at(-1);
    expect(message?.blocks.every((block) => block.type === 'actions')).toBe(true);
    expect(message?.text).toBe('Options: Sales by month? · Top customers?');
  });
});
