// The lifecycle both channels share: order of the steps, duplicates, sign-in prompt, one failure sentence.
import { describe, expect, it } from 'vitest';
import type { ReplyPlan } from '../../src/conversations/reply-plan.js';
import { TURN_SENTENCES } from '../../src/conversations/standard-sentences.js';
import type { HandleResult, TurnHandler, TurnObserver, TurnOutcome, TurnRequest } from '../../src/conversations/types.js';
import { runChannelTurn, type ChannelTurnSteps } from '../../src/channels/turn-runner.js';

const REQUEST: TurnRequest = {
  threadId: 'test:thread',
  platform: 'slack',
  actor: { platform: 'slack', userId: 'U1' },
  text: 'How many orders?',
  kind: 'message',
  place: { isDirectMessage: false },
  eventKey: 'event-1',
  interactive: true,
};

function outcome(partial: Partial<TurnOutcome>): TurnOutcome {
  return { threadId: REQUEST.threadId, status: 'answered', text: '', charts: [], stories: [], queries: [], tables: [], followUps: [], ...partial };
}

function handlerThat(run: (observer: TurnObserver) => Promise<HandleResult>): TurnHandler {
  return { handle: (_request, observer = {}) => run(observer), cancel: () => false, isKnownThread: async () => false, markEventProcessed: async () => true };
}

function recorder() {
  const events: string[] = [];
  const plans: ReplyPlan[] = [];
  const logged: string[] = [];
  const steps: ChannelTurnSteps = {
    beforeTurn: async () => void events.push('before'),
    onStart: async () => void events.push('start'),
    onStatus: (status) => void events.push(`status ${status}`),
    postReply: async (plan) => {
      plans.push(plan);
      events.push(`reply ${plan.answer || plan.sentence?.text}`);
    },
    promptSignIn: async (plan) => void events.push(`sign-in ${plan.signInRequired.join(',')}`),
    postInterrupted: async (sentence) => void events.push(`interrupted ${sentence}`),
    finish: async () => void events.push('finish'),
  };
  const logger = { info: (message: string) => void logged.push(message), warn: (message: string) => void logged.push(message), error: (message: string) => void logged.push(message) };
  return { events, plans, logged, steps, logger };
}

describe('runChannelTurn', () => {
  it('starts, reports status, posts the plan, asks for sign-in, then finishes', async () => {
    const { events, plans, steps, logger } = recorder();
    const handler = handlerThat(async (observer) => {
      observer.onStart?.();
      observer.onStatus?.('Querying shop…');
      return { kind: 'completed', outcome: outcome({ text: 'Twelve.', notes: ['To query finance I need to act as you.'], signInRequired: ['finance'] }) };
    });
    await runChannelTurn({ channelName: 'Test', chartPlacement: 'thread_image', offersSchedules: false, handler, logger }, REQUEST, steps);
    expect(events).toEqual(['before', 'start', 'status Querying shop…', 'reply Twelve.', 'sign-in finance', 'finish']);
    expect(plans[0]?.notes).toEqual(['To query finance I need to act as you.']);
  });

  it("hands the engine the channel's chart placement", async () => {
    const { steps, logger } = recorder();
    const presentations: unknown[] = [];
    const handler: TurnHandler = {
      ...handlerThat(async () => ({ kind: 'completed', outcome: outcome({ text: 'Twelve.' }) })),
      handle: async (_request, _observer, presentation) => {
        presentations.push(presentation);
        return { kind: 'completed', outcome: outcome({ text: 'Twelve.' }) };
      },
    };
    await runChannelTurn({ channelName: 'Test', chartPlacement: 'card_image', offersSchedules: true, handler, logger }, REQUEST, steps);
    expect(presentations).toEqual([{ chartPlacement: 'card_image', offersSchedules: true }]);
  });

  it('posts nothing for a duplicate delivery', async () => {
    const { events, logged, steps, logger } = recorder();
    await runChannelTurn({ channelName: 'Test', chartPlacement: 'thread_image', offersSchedules: false, handler: handlerThat(async () => ({ kind: 'duplicate' })), logger }, REQUEST, steps);
    expect(events).toEqual(['before', 'finish']);
    expect(logged).toEqual(['Test event already handled; nothing to do.']);
  });

  it('posts the interrupted sentence once when the turn breaks, and still finishes', async () => {
    const { events, logged, steps, logger } = recorder();
    const handler = handlerThat(async (observer) => {
      observer.onStart?.();
      throw new Error('store went away');
    });
    await runChannelTurn({ channelName: 'Test', chartPlacement: 'thread_image', offersSchedules: false, handler, logger }, REQUEST, steps);
    expect(events).toEqual(['before', 'start', `interrupted ${TURN_SENTENCES.interrupted}`, 'finish']);
    expect(logged).toEqual(['Test turn failed before an answer could be posted.']);
  });

  it('posts the standard sentence of a stopped turn', async () => {
    const { events, steps, logger } = recorder();
    await runChannelTurn({ channelName: 'Test', chartPlacement: 'thread_image', offersSchedules: false, handler: handlerThat(async () => ({ kind: 'completed', outcome: outcome({ status: 'cancelled' }) })), logger }, REQUEST, steps);
    expect(events).toEqual(['before', `reply ${TURN_SENTENCES.stopped}`, 'finish']);
  });
});
