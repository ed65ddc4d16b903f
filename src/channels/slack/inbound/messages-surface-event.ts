// The events that tell the bot a person is looking at its conversation surface, read into one shape
// for both of Slack's experiences, so everything after reading is one code path:
// - agent messaging experience (features.agent_view, every app created since mid-2026): the person
//   opened the app's Messages tab (`app_home_opened` with `tab: "messages"`, which replaces
//   `assistant_thread_started`), or moved elsewhere in Slack while it is open (`app_context_changed`).
//   Suggested prompts then belong to the tab, not to a thread: `thread_ts` must be left out of
//   assistant.threads.setSuggestedPrompts ("Including it in a call for an agent app will cause the
//   call to silently fail", Slack's setSuggestedPrompts reference).
// - assistant messaging experience (features.assistant_view, apps installed before): the pane opened
//   a thread (`assistant_thread_started`) or its viewed channel changed
//   (`assistant_thread_context_changed`); prompts are set on that thread.
// Sources: docs.slack.dev/ai/migrating-to-agent-messaging, /reference/events/app_home_opened,
// /reference/events/app_context_changed, /reference/events/assistant_thread_started.

/** A person looking at the bot's direct-message surface. */
export interface MessagesSurfaceVisit {
  userId: string;
  /** The DM channel between the person and the bot. */
  channelId: string;
  /** Assistant experience only: the pane thread the prompts belong to. */
  threadTs?: string;
  experience: 'agent' | 'assistant';
}

/** The `assistant_thread` of assistant_thread_started / assistant_thread_context_changed. */
interface AssistantThread {
  user_id?: string;
  channel_id?: string;
  thread_ts?: string;
}

/** The fields of app_home_opened / app_context_changed this adapter reads. */
interface AgentSurfaceEvent {
  type: string;
  tab?: string;
  user?: string;
  channel?: string;
  assistant_thread?: AssistantThread;
}

/**
 * Undefined when the event is not about the Messages tab (the Home tab has its own listener), or
 * names no person and DM: Slack's documented app_context_changed example carries only the viewed
 * context (`{"context": {"entities": [...]}}`), while @slack/types 3.2 declares `user` and
 * `channel` on it; without them there is no tab to put prompts in.
 */
export function readMessagesSurfaceVisit(event: AgentSurfaceEvent): MessagesSurfaceVisit | undefined {
  switch (event.type) {
    case 'app_home_opened':
      if (event.tab !== 'messages' || !event.user || !event.channel) return undefined;
      return { userId: event.user, channelId: event.channel, experience: 'agent' };
    case 'app_context_changed':
      if (!event.user || !event.channel) return undefined;
      return { userId: event.user, channelId: event.channel, experience: 'agent' };
    case 'assistant_thread_started':
    case 'assistant_thread_context_changed': {
      const thread = event.assistant_thread;
      if (!thread?.user_id || !thread.channel_id || !thread.thread_ts) return undefined;
      return { userId: thread.user_id, channelId: thread.channel_id, threadTs: thread.thread_ts, experience: 'assistant' };
    }
    default:
      return undefined;
  }
}
