// Slack's conversation surface, in both experiences (messages-surface-event.ts reads the events):
// when someone opens the bot's Messages tab (agent experience) or the assistant pane (assistant
// experience), or looks at another channel while it is open, the surface gets suggested prompts built
// from the databases that person may use; the thread gets its title from the first question
// (event-listeners.ts) and the native status while a turn runs (working-indicator.ts).
// Which Web API call each flow uses (docs.slack.dev/ai/migrating-to-agent-messaging, checked Dec 2026):
// - prompts: assistant.threads.setSuggestedPrompts; agent experience without thread_ts (the prompts sit
//   at the top of the Messages tab), assistant experience with the pane thread's thread_ts.
// - title: assistant.threads.setTitle with the thread's root ts, both experiences; in the agent
//   experience Slack's compatibility bridge applies it to the thread's agent session.
// - status: assistant.threads.setStatus, both experiences; the bridge turns a non-empty status into
//   the session's "processing" and an empty one into "active". Slack recommends its successors
//   agents.sessions.setStatus / agents.sessions.rename but keeps the bridge; the streamed answer
//   (chat.startStream) joins the session through the same bridge.
import type { App } from '@slack/bolt';
import type { ChannelContext } from '../channel-context.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import { type MessagesSurfaceVisit, readMessagesSurfaceVisit } from './messages-surface-event.js';

/** The event's envelope: the workspace(s) that installed the app and receive this event. */
interface SurfaceEventEnvelope {
  authorizations?: Array<{ team_id?: string }>;
}

/** Thread titles are cut to this length: what Slack shows in the pane's history list. */
const MAX_THREAD_TITLE_CHARACTERS = 60;
const PROMPTS_TITLE = 'Try asking about your data:';

/** Agent experience first; the assistant experience's events still come from apps installed with assistant_view. */
const SURFACE_EVENTS = ['app_home_opened', 'app_context_changed', 'assistant_thread_started', 'assistant_thread_context_changed'] as const;

export function registerAssistantListeners(app: App, context: ChannelContext): void {
  for (const eventName of SURFACE_EVENTS) {
    app.event(eventName, async ({ event, body }) => {
      const visit = readMessagesSurfaceVisit(event as unknown as Parameters<typeof readMessagesSurfaceVisit>[0]);
      if (!visit) return;
      // The workspace questions of this surface are judged in (event-listeners.ts keys them the same
      // way); a context's team is the one of the channel being viewed, in Enterprise Grid often another.
      const teamId = (body as SurfaceEventEnvelope).authorizations?.[0]?.team_id ?? context.bot.teamId;
      context.tasks.run(eventName, () => offerSuggestedPrompts(context, visit, teamId));
    });
  }
}

async function offerSuggestedPrompts(context: ChannelContext, visit: MessagesSurfaceVisit, teamId: string): Promise<void> {
  if (!context.handler.suggestPrompts) return;
  const actor = await context.users.lookUp(visit.userId);
  // The questions run in the person's direct messages with the bot, in the installing workspace, so
  // that is where access is judged; the channel or team the person is viewing does not widen or narrow it.
  const prompts = await context.handler.suggestPrompts({
    platform: 'slack',
    actor,
    place: { channelId: visit.channelId, teamId, isDirectMessage: true },
  });
  if (prompts.length === 0) return;
  const where = visit.threadTs === undefined ? {} : { thread_ts: visit.threadTs };
  try {
    await context.client.assistant.threads.setSuggestedPrompts({ channel_id: visit.channelId, ...where, title: PROMPTS_TITLE, prompts });
  } catch (error) {
    context.logger.warn(explainSlackError(`set the suggested prompts of the ${visit.experience === 'agent' ? 'Messages tab' : 'assistant pane'}`, error), { channelId: visit.channelId });
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
