// TurnOutcome → what Slack receives, as data: the messages to post (in order), the chart PNGs to
// upload, an optional file with the full answer, and a last message with buttons. Nothing here
// talks to Slack, so every rule is tested with exact expected blocks.
import type { TurnOutcome } from '../../conversations/types.js';
import type { QueryResult, StoryArtifact } from '../../tools/tool-context.js';
import { buildAnswerBlocks, sectionBlock, tableBlocks, textSections } from './answer-blocks.js';
import type { SlackBlock, SlackMessage } from './block-kit.js';
import { fallbackText } from './block-text.js';
import { escapeMrkdwn } from './convert-inline-markdown.js';
import { clarificationBlocks, contextBlock, followUpBlocks, queryBlocks, retryBlocks } from './interactive-blocks.js';
import { markdownToMrkdwn } from './markdown-to-mrkdwn.js';
import { canAppendBlocks, packMessages } from './pack-messages.js';
import { ANSWER_FILE_THRESHOLD_CHARACTERS, MAX_SECTION_TEXT_CHARACTERS, MAX_TABLE_ROWS } from './slack-limits.js';
import { splitText } from './split-text.js';
import { formatResultTable } from '../../tables/format-result-table.js';

export interface FileToUpload {
  filename: string;
  title: string;
  content: Buffer;
}

export interface RenderedReply {
  messages: SlackMessage[];
  /** Chart PNGs, in the order the agent drew them; uploaded after the text. */
  charts: FileToUpload[];
  /** The whole answer as a file when it is too long for chat. */
  answerFile?: FileToUpload;
  /** Buttons posted last, so they sit under the charts; undefined when they joined the last message. */
  controls?: SlackMessage;
}

export interface RenderOptions {
  /** Whether result rows can be fetched for the CSV button. */
  offerCsv: boolean;
  /**
   * Stories are posted as their own rich messages (post-story.ts) between the body and the buttons:
   * no one-line story notice then, and the buttons stay in a message of their own, below the stories.
   */
  storiesAsMessages?: boolean;
}

export const CANCELLED_TEXT = 'Stopped. Ask again whenever you are ready.';
export const EMPTY_ANSWER_TEXT = 'I finished without anything to show. Try rephrasing the question.';
export const ANSWER_FILE_NOTE = 'The full answer is long, so it is attached as a file: *answer.md*.';

export function renderOutcome(outcome: TurnOutcome, options: RenderOptions): RenderedReply {
  const charts = outcome.charts.map((chart, index) => ({
    filename: `${fileSlug(chart.title) || `chart-${index + 1}`}.png`,
    title: chart.title,
    content: chart.png,
  }));
  const { blocks: answerBlocks, answerFile } = renderAnswerText(outcome);
  const storiesAsMessages = options.storiesAsMessages === true && outcome.stories.length > 0;
  // A result a story shows is not repeated as a table under the answer.
  const tables = storiesAsMessages ? outcome.tables.filter((table) => !outcome.stories.some((story) => story.code.includes(table.queryId))) : outcome.tables;
  const bodyBlocks = [...answerBlocks, ...tables.flatMap(resultTableBlocks), ...(storiesAsMessages ? [] : outcome.stories.map(storyBlock))];
  if (bodyBlocks.length === 0 && charts.length === 0 && !storiesAsMessages && outcome.status === 'answered') bodyBlocks.push(sectionBlock(EMPTY_ANSWER_TEXT));
  const messages = packMessages(bodyBlocks);
  const controlBlocks = renderControls(outcome, options);
  if (controlBlocks.length === 0) return { messages, charts, answerFile };

  const last = messages.at(-1);
  if (last && charts.length === 0 && !answerFile && !storiesAsMessages && canAppendBlocks(last, controlBlocks)) {
    last.blocks.push(...controlBlocks);
    last.text = fallbackText(last.blocks);
    return { messages, charts };
  }
  return { messages, charts, answerFile, controls: { text: fallbackText(controlBlocks), blocks: controlBlocks } };
}

function renderAnswerText(outcome: TurnOutcome): { blocks: SlackBlock[]; answerFile?: FileToUpload } {
  if (outcome.status === 'cancelled' && outcome.text.trim() === '') return { blocks: [contextBlock(CANCELLED_TEXT)] };
  if (outcome.text.trim() === '') return { blocks: [] };
  const mrkdwn = markdownToMrkdwn(outcome.text);
  if (mrkdwn.length <= ANSWER_FILE_THRESHOLD_CHARACTERS) return { blocks: buildAnswerBlocks(outcome.text) };
  const preview = splitText(mrkdwn, MAX_SECTION_TEXT_CHARACTERS)[0] ?? '';
  return {
    blocks: [...textSections(preview), contextBlock(ANSWER_FILE_NOTE)],
    answerFile: { filename: 'answer.md', title: 'Full answer', content: Buffer.from(outcome.text, 'utf8') },
  };
}

/** Clarification, failure + Retry, Show SQL / CSV and follow-ups: the interactive tail. */
function renderControls(outcome: TurnOutcome, options: RenderOptions): SlackBlock[] {
  const blocks: SlackBlock[] = [];
  if (outcome.status === 'clarification' && outcome.clarification) {
    blocks.push(...clarificationBlocks(outcome.threadId, outcome.clarification.question, outcome.clarification.options));
  }
  if (outcome.status === 'failed' && outcome.failure) {
    blocks.push(sectionBlock(`:warning: ${escapeMrkdwn(outcome.failure.message)}`));
    if (outcome.failure.retryable) blocks.push(...retryBlocks(outcome.threadId));
  }
  blocks.push(...queryBlocks(outcome.threadId, outcome.queries, options.offerCsv));
  if (outcome.status === 'answered') blocks.push(...followUpBlocks(outcome.threadId, outcome.followUps));
  return blocks;
}

function resultTableBlocks(result: QueryResult): SlackBlock[] {
  const table = formatResultTable(result, { maxRows: MAX_TABLE_ROWS - 1 });
  const blocks = tableBlocks(table);
  const total = result.truncated ? `more than ${result.rowCount.toLocaleString('en-US')}` : result.rowCount.toLocaleString('en-US');
  if (table.rows.length < result.rows.length || result.truncated) {
    blocks.push(contextBlock(`Showing the first ${table.rows.length} of ${total} rows; the CSV button has them all.`));
  }
  return blocks;
}

function storyBlock(story: StoryArtifact): SlackBlock {
  return contextBlock(`:page_facing_up: Story *${escapeMrkdwn(story.title)}* — version ${story.version}: ${escapeMrkdwn(story.summary)}`);
}

function fileSlug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
}
