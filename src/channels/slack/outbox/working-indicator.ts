// What the user sees while a turn runs. In a DM thread Slack shows a native status
// (assistant.threads.setStatus: the pane's thread in the assistant experience; in the agent
// experience the thread rooted at the person's message, where Slack's compatibility bridge makes a
// non-empty status the agent session's "processing" and the empty one "active"); elsewhere one "working" message with a Stop button is posted in
// the thread and edited in place, at most once a second, then deleted when the answer is posted.
import type { SlackBlock } from '../render/block-kit.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { contextBlock, stopBlocks } from '../render/interactive-blocks.js';
import { explainSlackError, slackErrorCode } from './slack-api-errors.js';
import { STATUS_UPDATE_INTERVAL_MS } from '../render/slack-limits.js';
import type { SlackOutbox } from './slack-outbox.js';
import type { PostLedger } from '../../../conversations/turn-jobs.js';
import { TURN_SENTENCES } from '../../../conversations/standard-sentences.js';

export const INITIAL_STATUS = 'Thinking…';

/** The working message's key in a turn job's post ledger: a rerun takes over the stale one. */
export const WORKING_POST_KEY = 'working';

/** Shared by all indicators of one channel: once Slack says "not an assistant app", stop asking. */
export interface AssistantStatusSupport {
  available: boolean;
}

export interface WorkingIndicator {
  start(): Promise<void>;
  update(status: string): void;
  finish(): Promise<void>;
}

export interface WorkingIndicatorOptions {
  outbox: SlackOutbox;
  now: () => Date;
  assistantStatus: AssistantStatusSupport;
  /** The turn job's post ledger: the working message of an interrupted run is reused, not left behind. */
  ledger?: PostLedger | undefined;
}

export function workingMessageBlocks(threadId: string, status: string): SlackBlock[] {
  return [contextBlock(`:hourglass_flowing_sand: ${escapeMrkdwn(status)}`), ...stopBlocks(threadId)];
}

export function createWorkingIndicator(options: WorkingIndicatorOptions): WorkingIndicator {
  const { outbox } = options;
  const { client, target, logger } = outbox;
  let mode: 'assistant' | 'message' | 'none' = 'none';
  let workingMessageTs: string | undefined;
  let lastSentAtMs = Number.NEGATIVE_INFINITY;
  let queuedStatus: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let finished = false;
  // Edits run one after another so a late edit can never land after the delete.
  let chain: Promise<void> = Promise.resolve();

  const setAssistantStatus = (status: string) =>
    client.assistant.threads.setStatus({ channel_id: target.channelId, thread_ts: target.threadTs, status });

  // A rerun keeps saying that it was interrupted until its answer replaces the message.
  let prefix = '';
  const apply = async (status: string) => {
    status = `${prefix}${status}`;
    try {
      if (mode === 'assistant') await setAssistantStatus(status);
      if (mode === 'message' && workingMessageTs) {
        await outbox.update(workingMessageTs, { text: status, blocks: workingMessageBlocks(target.threadId, status) });
      }
    } catch (error) {
      logger.warn(explainSlackError('update the working status', error), { threadId: target.threadId });
    }
  };

  const sendQueued = () => {
    timer = undefined;
    const status = queuedStatus;
    queuedStatus = undefined;
    if (status === undefined || finished) return;
    lastSentAtMs = options.now().getTime();
    chain = chain.then(() => apply(status));
  };

  return {
    async start() {
      lastSentAtMs = options.now().getTime();
      if (target.isDirectMessage && options.assistantStatus.available) {
        try {
          await setAssistantStatus(INITIAL_STATUS);
          mode = 'assistant';
          return;
        } catch (error) {
          // Only assistant-enabled apps may set a status; remember the answer and use a message.
          if (slackErrorCode(error) !== 'ratelimited') options.assistantStatus.available = false;
        }
      }
      const stale = options.ledger?.get(WORKING_POST_KEY);
      if (stale) {
        prefix = `${TURN_SENTENCES.resumed}. `;
        const status = TURN_SENTENCES.resumed;
        try {
          await outbox.update(stale, { text: status, blocks: workingMessageBlocks(target.threadId, status) });
          workingMessageTs = stale;
          mode = 'message';
          return;
        } catch (error) {
          logger.warn(explainSlackError('update the interrupted working message', error), { threadId: target.threadId });
        }
      }
      try {
        const posted = await client.chat.postMessage({
          channel: target.channelId,
          thread_ts: target.threadTs,
          text: INITIAL_STATUS,
          blocks: workingMessageBlocks(target.threadId, INITIAL_STATUS),
        });
        workingMessageTs = posted.ts;
        mode = 'message';
        if (posted.ts) await options.ledger?.record(WORKING_POST_KEY, posted.ts);
      } catch (error) {
        logger.warn(explainSlackError('post the working message', error), { threadId: target.threadId });
      }
    },
    update(status) {
      if (finished || mode === 'none') return;
      queuedStatus = status;
      if (timer) return;
      const waitMs = lastSentAtMs + STATUS_UPDATE_INTERVAL_MS - options.now().getTime();
      if (waitMs <= 0) sendQueued();
      else timer = setTimeout(sendQueued, waitMs);
    },
    async finish() {
      finished = true;
      if (timer) clearTimeout(timer);
      await chain;
      try {
        if (mode === 'message' && workingMessageTs) await client.chat.delete({ channel: target.channelId, ts: workingMessageTs });
        if (mode === 'assistant') await setAssistantStatus('');
      } catch (error) {
        logger.warn(explainSlackError('remove the working status', error), { threadId: target.threadId });
      }
    },
  };
}
