// Query transparency: "Show SQL" answers only the clicker (ephemeral), "CSV" uploads the stored
// result into the thread with formula-looking cells escaped. Both refuse a clicker without a grant
// for the result's database (result-access-check.ts).
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { RESULT_GONE_SENTENCE } from '../../../conversations/standard-sentences.js';
import { ACTION_IDS, numberedActionPattern } from './action-ids.js';
import { codeSections } from '../render/answer-blocks.js';
import { readButtonClick, type ButtonClick } from './button-click.js';
import { outboxFor, type ChannelContext } from '../channel-context.js';
import { resultToCsv } from '../../../tables/result-csv.js';
import { explainSlackError } from '../outbox/slack-api-errors.js';
import { MAX_BLOCKS_PER_MESSAGE } from '../render/slack-limits.js';
import { refusalForClick } from './result-access-check.js';

export const RESULT_GONE_TEXT = RESULT_GONE_SENTENCE;

export function registerQueryActionListeners(app: App, context: ChannelContext): void {
  const listen = (pattern: RegExp, work: (click: ButtonClick) => Promise<void>) =>
    app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: pattern }, async ({ ack, body }) => {
      await ack();
      const click = readButtonClick(body);
      if (click) context.tasks.run('query button', () => work(click));
    });
  listen(numberedActionPattern(ACTION_IDS.showSql), (click) => showSql(context, click));
  listen(numberedActionPattern(ACTION_IDS.csv), (click) => uploadCsv(context, click));
}

async function showSql(context: ChannelContext, click: ButtonClick): Promise<void> {
  const { threadId } = click.target;
  const queryId = click.value.queryId;
  const stored = queryId ? await context.getQueryResult?.(threadId, queryId) : undefined;
  const refusal = stored ? await refusalForClick(context, click, stored) : undefined;
  if (refusal) return replyPrivately(context, click, refusal);
  const sql = click.value.sql ?? stored?.sql;
  if (!sql) return replyPrivately(context, click, RESULT_GONE_TEXT);
  const title = queryId ? `SQL of \`${queryId}\`` : 'SQL';
  const blocks = [{ type: 'context' as const, elements: [{ type: 'mrkdwn' as const, text: title }] }, ...codeSections(sql)].slice(0, MAX_BLOCKS_PER_MESSAGE);
  await outboxFor(context, click.target)
    .postPrivately(click.userId, { text: title, blocks })
    .catch((error: unknown) => context.logger.warn(explainSlackError('show the SQL', error), { threadId }));
}

async function uploadCsv(context: ChannelContext, click: ButtonClick): Promise<void> {
  const queryId = click.value.queryId;
  const result = queryId ? await context.getQueryResult?.(click.target.threadId, queryId) : undefined;
  if (!queryId || !result) return replyPrivately(context, click, RESULT_GONE_TEXT);
  const refusal = await refusalForClick(context, click, result);
  if (refusal) return replyPrivately(context, click, refusal);
  const rows = result.truncated ? `first ${result.rows.length} rows` : `${result.rows.length} rows`;
  await outboxFor(context, click.target)
    .upload({ filename: `${queryId}.csv`, title: `Result of ${queryId} (${rows})`, content: Buffer.from(resultToCsv(result.columns, result.rows), 'utf8') })
    .catch(() => undefined);
}

async function replyPrivately(context: ChannelContext, click: ButtonClick, text: string): Promise<void> {
  await outboxFor(context, click.target)
    .postPrivately(click.userId, { text, blocks: [] })
    .catch((error: unknown) => context.logger.warn(explainSlackError('answer a button click', error)));
}
