// Every button the adapter renders, by action id, and the value each one carries. A value holds
// the thread id itself, so a click needs no lookup and still works after a restart.
import { MAX_BUTTON_VALUE_CHARACTERS } from '../render/slack-limits.js';

export const ACTION_IDS = {
  followUp: 'datathread_follow_up',
  clarification: 'datathread_clarification',
  retry: 'datathread_retry',
  stop: 'datathread_stop',
  showSql: 'datathread_show_sql',
  csv: 'datathread_csv',
  storyVersions: 'datathread_story_versions',
  storyRepost: 'datathread_story_repost',
  /** A URL button (sign-in link): Slack still sends a click, which is only acked. */
  connectAccount: 'datathread_connect_account',
  disconnectAccount: 'datathread_disconnect_account',
  /** The 👍/👎 pair under an answer (a feedback_buttons element). */
  feedback: 'datathread_feedback',
  /** Under a memory note: take back a channel memory; approve or reject a workspace one (verifiers). */
  memoryUndo: 'datathread_memory_undo',
  memoryApprove: 'datathread_memory_approve',
  memoryReject: 'datathread_memory_reject',
  /** Verify on an answer (verifiers only): stores its query as a verified query. */
  verify: 'datathread_verify',
} as const;

/** The "What went wrong?" modal a 👎 opens. */
export const VIEW_IDS = {
  feedbackModal: 'datathread_feedback_modal',
} as const;

export const BLOCK_IDS = {
  followUps: 'datathread_follow_ups',
  clarification: 'datathread_clarification',
  retry: 'datathread_retry',
  stop: 'datathread_stop',
  queries: 'datathread_queries',
  chosen: 'datathread_chosen',
  storyControls: 'datathread_story_controls',
  signIn: 'datathread_sign_in',
  homeAccount: 'datathread_home_account',
  feedback: 'datathread_feedback',
  feedbackComment: 'datathread_feedback_comment',
  /** One per memory note: `datathread_memory_<memory id>` (memoryBlockId). */
  memory: 'datathread_memory',
  verify: 'datathread_verify',
  verifiedBadge: 'datathread_verified_badge',
} as const;

export function memoryBlockId(memoryId: string): string {
  return `${BLOCK_IDS.memory}_${memoryId}`;
}

/** Action ids must be unique within a block: numbered ones end in `_<index>`. */
export function numberedActionId(base: string, index: number): string {
  return `${base}_${index}`;
}

export function numberedActionPattern(base: string): RegExp {
  return new RegExp(`^${base}_\\d+$`);
}

export interface ButtonValue {
  thread: string;
  /** The follow-up question or clarification option. */
  text?: string;
  queryId?: string;
  /** The SQL itself when it fits, so Show SQL works without the store. */
  sql?: string;
  /** A story's slug (Versions, Re-post). */
  story?: string;
  /** The story version to re-post. */
  version?: number;
  /** The answer a feedback button rates (conversations/answer-feedback.ts). */
  answer?: string;
  rating?: 'positive' | 'negative';
  /** The memory an Undo / Approve / Reject button acts on. */
  memory?: string;
  /** The schedule proposal a Confirm / Cancel button decides. */
  proposal?: string;
}

export function encodeButtonValue(value: ButtonValue): string {
  const encoded = JSON.stringify(value);
  if (encoded.length <= MAX_BUTTON_VALUE_CHARACTERS) return encoded;
  const { sql: _droppedSql, ...withoutSql } = value;
  const smaller = JSON.stringify(withoutSql);
  if (smaller.length <= MAX_BUTTON_VALUE_CHARACTERS || withoutSql.text === undefined) return smaller;
  // A suggestion this long is unusual; cut the text rather than lose the button.
  const overflow = smaller.length - MAX_BUTTON_VALUE_CHARACTERS;
  return JSON.stringify({ ...withoutSql, text: `${withoutSql.text.slice(0, Math.max(0, withoutSql.text.length - overflow - 2))}…` });
}

export function decodeButtonValue(value: string | undefined): ButtonValue | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as ButtonValue).thread !== 'string') return undefined;
    return parsed as ButtonValue;
  } catch {
    return undefined;
  }
}
