// The Slack assistant pane (features.assistant_view): when someone opens it, or moves to another
// channel while it is open, the pane gets suggested prompts built from the databases that person may
// use in the assistant thread; the thread gets its title from the first question (event-listeners).
import type { App } from '@slack/bolt';
import type { ChannelContext } from '../channel-context.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';

/** The `assistant_thread` of assistant_thread_started / assistant_thread_context_changed. */
interface AssistantThread {
  user_id: string;
  channel_id: string;
  thread_ts: string;
  context?: { channel_id?: string; team_id?: string };
}

/** The event's envelope: the workspace(s) that installed the app and receive this event. */
interface AssistantEventEnvelope {
  authorizations?: Array<{ team_id?: string }>;
}

/** Thread titles are cut to this length: what Slack shows in the pane's history list. */
const MAX_THREAD_TITLE_CHARACTERS = 60;
const PROMPTS_TITLE = 'Try asking about your data:';

export function registerAssistantListeners(app: App, context: ChannelContext): void {
  for (const eventName of ['assistant_thread_started', 'assistant_thread_context_changed'] as const) {
    app.event(eventName, async ({ event, body }) => {
      const thread = (event as unknown as { assistant_thread?: AssistantThread }).assistant_thread;
      if (!thread) return;
      // The workspace questions of this thread are judged in (event-listeners.ts keys them the same
      // way); the context's team is the one of the channel being viewed, in Enterprise Grid often another.
      const teamId = (body as AssistantEventEnvelope).authorizations?.[0]?.team_id ?? context.bot.teamId;
      context.tasks.run(eventName, () => offerSuggestedPrompts(context, thread, teamId));
    });
  }
}

async function offerSuggestedPrompts(context: ChannelContext, thread: AssistantThread, teamId: string): Promise<void> {
  if (!context.handler.suggestPrompts) return;
  const actor = await context.users.lookUp(thread.user_id);
  // The questions run in the assistant thread (a direct message) of the installing workspace, so that
  // is where access is judged; the channel or team the person is viewing does not widen or narrow it.
  const prompts = await context.handler.suggestPrompts({
    platform: 'slack',
    actor,
    place: { channelId: thread.channel_id, teamId, isDirectMessage: true },
  });
  try {
    await context.client.assistant.threads.setSuggestedPrompts({ channel_id: thread.channel_id, thread_ts: thread.thread_ts, title: PROMPTS_TITLE, prompts });
  } catch (error) {
    context.logger.warn(explainSlackError('set the suggested prompts of the assistant pane', error), { channelId: thread.channel_id });
  }
}

/** Names an assistant thread after its first question; a refusal is logged, the answer goes on. */
export async function titleAssistantThread(context: ChannelContext, channelId: string, threadTs: string, question: string): Promise<void> {
  const oneLine = question.replace(/\s+/g, ' ').trim();
  const title = oneLine.length <= MAX_THREAD_TITLE_CHARACTERS ? oneLine : `${oneLine.slice(0, MAX_THREAD_TITLE_CHARACTERS - 1)}…`;
  if (title === '') return;
  try {
    await context.client.assistant.threads.setTitle({ channel_id: channelId, thread_ts: threadTs, title });
  } catch (error) {
    context.logger.warn(explainSlackError('set the assistant thread title', error), { channelId });
  }
}
