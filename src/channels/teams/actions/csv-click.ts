// CSV on a Teams answer. A bot cannot attach a file to a channel message, and the personal-chat
// file consent flow needs OneDrive; so a click is answered with a card holding a signed download
// link served by datathread itself, valid for a short while (docs/teams.md, "CSV"). Whoever holds
// the link can download the rows, so the link card only ever goes to the clicker, after their
// grants were checked: in a one-to-one chat it is posted there, from a channel or group chat it
// is sent to the clicker's one-to-one chat with the bot, and the thread only hears that it was
// sent. The click is answered from the store, without a model call, and works after a restart.
import type { QueryAction } from '../../../conversations/reply-query-actions.js';
import { resultAccessDeniedSentence } from '../../../access/result-access.js';
import { RESULT_GONE_SENTENCE } from '../../../conversations/standard-sentences.js';
import type { StoredQueryResult } from '../../../store/types.js';
import type { ChannelContext } from '../channel-context.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { replyTargetOf } from '../inbound/reply-target.js';
import { buildTeamsTurnRequest } from '../inbound/turn-request.js';
import { createCard, textBlock, type SubmitAction } from '../render/adaptive-card-types.js';
import type { RequestIdentity } from '../turns/background-tasks.js';
import { submitAction } from './card-actions.js';
import { clickerSubject } from './clicker-subject.js';

/** One CSV button per result the plan chose (reply-query-actions.ts: stored results, within Teams' six actions). */
export function csvActions(actions: readonly QueryAction[]): SubmitAction[] {
  return actions.flatMap(({ query, label }) => (query.queryId ? [submitAction(label, { datathread: 'csv', queryId: query.queryId })] : []));
}

function csvQueryId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as { datathread?: unknown; queryId?: unknown };
  return record.datathread === 'csv' && typeof record.queryId === 'string' && record.queryId !== '' ? record.queryId : undefined;
}

/** True when the activity is a CSV click (then it is handled here, in the background). */
export function startCsvClick(context: ChannelContext, activity: InboundActivity, identity: RequestIdentity): boolean {
  if (activity.type !== 'message') return false;
  const queryId = csvQueryId(activity.value);
  if (!queryId) return false;
  const downloads = context.csv;
  // The thread comes from where the click happened, never from the button: a link reaches only this thread's results.
  const clicker = buildTeamsTurnRequest(activity, '');
  const threadId = clicker.threadId;
  context.work.start(replyTargetOf(activity), identity, threadId, async (outbox) => {
    if (!downloads) {
      context.logger.warn('Teams CSV click, but downloads are not configured (DATATHREAD_PUBLIC_URL and DATATHREAD_ENCRYPTION_KEY).', { threadId });
      await outbox.post(createCard([textBlock('CSV downloads are not set up on this datathread. An admin must set DATATHREAD_PUBLIC_URL and DATATHREAD_ENCRYPTION_KEY.')]));
      return;
    }
    const result = await downloads.getQueryResult(threadId, queryId);
    if (!result) {
      await outbox.post(createCard([textBlock(RESULT_GONE_SENTENCE)]));
      return;
    }
    if (downloads.mayReadResult && !downloads.mayReadResult(await clickerSubject(context, activity), result.databaseName)) {
      context.logger.warn('Refused a Teams CSV click on a result of a database the clicker may not use.', { threadId, userId: clicker.actor.userId, databaseName: result.databaseName });
      await outbox.post(createCard([textBlock(resultAccessDeniedSentence(queryId, result.databaseName))]));
      return;
    }
    const card = createCard([textBlock(linkCardText(result, downloads.ttlMs))]);
    card.actions = [{ type: 'Action.OpenUrl', title: 'Download CSV', url: downloads.linkFor(threadId, queryId, clicker.actor.userId) }];
    if (outbox.isPersonalChat()) {
      await outbox.post(card);
      return;
    }
    try {
      await outbox.postPrivately(card);
    } catch (error) {
      context.logger.warn('A Teams CSV link could not be sent to the clicker privately; it was not posted in the thread.', { threadId, userId: clicker.actor.userId, error });
      await outbox.post(createCard([textBlock(CSV_NOT_SENT_PRIVATELY_SENTENCE)]));
      return;
    }
    await outbox.post(createCard([textBlock(csvSentPrivatelySentence(clicker.actor.displayName))]));
  });
  return true;
}

export const CSV_NOT_SENT_PRIVATELY_SENTENCE =
  'I could not send you the CSV link in a private chat, and a download link is not shown in a shared conversation. Add datathread as a personal app (Apps, then datathread, then Add) and press CSV again.';

function csvSentPrivatelySentence(displayName: string | undefined): string {
  return `${displayName ? `${displayName}, I` : 'I'} sent you the CSV download link in our one-to-one chat.`;
}

/** Names the result by what it holds (its first columns, rows, database), not by its internal id. */
function linkCardText(result: StoredQueryResult, ttlMs: number): string {
  const rows = result.truncated ? `the first ${result.rows.length.toLocaleString('en-US')} rows` : `${result.rows.length.toLocaleString('en-US')} ${result.rows.length === 1 ? 'row' : 'rows'}`;
  const minutes = Math.round(ttlMs / 60_000);
  return `CSV of ${columnSummary(result.columns.map((column) => column.name))}: ${rows} from ${result.databaseName}. The link works for ${minutes} minutes; keep it to yourself, as whoever opens it gets the rows.`;
}

const NAMED_COLUMNS = 3;

function columnSummary(names: string[]): string {
  if (names.length === 0) return 'the result';
  const named = names.slice(0, NAMED_COLUMNS).join(', ');
  const more = names.length - NAMED_COLUMNS;
  return more > 0 ? `${named} and ${more} more ${more === 1 ? 'column' : 'columns'}` : named;
}
