// The task_update chunks a streamed answer shows while the agent works: one task per tool call that
// means something to the reader, in progress when the call starts, then complete or error.
import type { webApi } from '@slack/bolt';
import type { ToolCallEvent } from '../../tool-call-event.js';

/** One chunk of chat.startStream / appendStream / stopStream (markdown_text, task_update, …). */
export type StreamChunk = NonNullable<webApi.ChatAppendStreamArguments['chunks']>[number];

const TASK_TITLES: Record<string, string> = {
  execute_sql: 'Querying warehouse',
  read_query_result: 'Reading results',
  display_chart: 'Drawing chart',
  story: 'Writing story',
  execute_sandboxed_code: 'Running analysis code',
  web_search: 'Searching the web',
  web_fetch: 'Reading a web page',
};

/** Slack shows at most this much of a task's details; longer SQL is cut with an ellipsis. */
const MAX_TASK_DETAILS_CHARACTERS = 2_000;

export function taskTitle(toolName: string): string | undefined {
  return TASK_TITLES[toolName];
}

export function taskUpdateChunk(call: ToolCallEvent, status: 'in_progress' | 'complete' | 'error'): StreamChunk | undefined {
  const title = taskTitle(call.toolName);
  if (!title) return undefined;
  const details = call.sql === undefined ? undefined : call.sql.length > MAX_TASK_DETAILS_CHARACTERS ? `${call.sql.slice(0, MAX_TASK_DETAILS_CHARACTERS - 1)}…` : call.sql;
  return { type: 'task_update', id: call.toolCallId, title, status, ...(details ? { details } : {}) };
}
