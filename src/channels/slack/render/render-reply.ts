// ReplyPlan → what Slack receives, as data: the messages to post (in order), the chart PNGs to
// upload, an optional file with the full answer, and a last message with buttons. Nothing here
// talks to Slack, so every rule is tested with exact expected blocks.
import type { StoryArtifact } from '../../../store/turn-artifacts.js';
import type { ReplyPlan } from '../../../conversations/reply-plan.js';
import { storySavedNote } from '../../../conversations/standard-sentences.js';
import { buildAnswerBlocks, sectionBlock, textSections } from './answer-blocks.js';
import { resultTableBlocks } from './result-table-blocks.js';
import type { FileToUpload } from '../outbox/slack-outbox.js';
import type { SlackBlock, SlackMessage } from './block-kit.js';
import { fallbackText } from './block-text.js';
import { escapeMrkdwn } from './escape-mrkdwn.js';
import { memoryNoteBlocks } from './memory-blocks.js';
import { scheduleConfirmationBlocks } from '../schedules/schedule-confirmation-blocks.js';
import { clarificationBlocks, contextBlock, feedbackBlocks, followUpBlocks, queryBlocks, retryBlocks, verifyBlocks } from './interactive-blocks.js';
import { verifiedBadgeBlocks } from './verified-badge-blocks.js';
import { markdownToMrkdwn } from './markdown-to-mrkdwn.js';
import { canAppendBlocks, packMessages } from './pack-messages.js';
import { ANSWER_FILE_THRESHOLD_CHARACTERS, MAX_SECTION_TEXT_CHARACTERS } from './slack-limits.js';
import { splitText } from './split-text.js';

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
  /** Whether 👍/👎 can be stored: then an answer ends with the feedback buttons. */
  offerFeedback?: boolean;
  /** Whether answers offer Verify (verifiers are configured): a button above 👍/👎. */
  offerVerify?: boolean;
  /**
   * Stories are posted as their own rich messages (post-story.ts) between the body and the buttons:
   * no one-line story notice then, and the buttons stay in a message of their own, below the stories.
   */
  storiesAsMessages?: boolean;
  /**
   * The answer text is already in the thread, streamed: `whole`, or only a `preview` of it (the
   * answer was too long for chat; the whole answer is then attached as a file, as when posted).
   */
  answerStreamed?: 'whole' | 'preview';
}

export const ANSWER_FILE_NOTE = 'The full answer is long, so it is attached as a file: *answer.md*.';
/** The same note at the end of a streamed answer's preview (streams take Markdown). */
export const ANSWER_FILE_NOTE_MARKDOWN = 'The full answer is long, so it is attached as a file: **answer.md**.';

export function renderReply(plan: ReplyPlan, options: RenderOptions): RenderedReply {
  const charts = plan.charts.map((chart, index) => ({
    filename: `${fileSlug(chart.title) || `chart-${index + 1}`}.png`,
    title: chart.title,
    content: chart.png,
  }));
  const { blocks: answerBlocks, answerFile } = options.answerStreamed ? streamedAnswerText(plan.answer, options.answerStreamed) : renderAnswerText(plan.answer);
  const storiesAsMessages = options.storiesAsMessages === true && plan.stories.length > 0;
  const bodyBlocks = [
    ...answerBlocks,
    ...verifiedBadgeBlocks(plan),
    ...plan.notes.map((note) => contextBlock(escapeMrkdwn(note))),
    ...sentenceBlocks(plan),
    ...plan.tables.flatMap(resultTableBlocks),
    ...(storiesAsMessages ? [] : plan.stories.map(storyBlock)),
  ];
  const messages = packMessages(bodyBlocks);
  const controlBlocks = renderControls(plan, options);
  if (controlBlocks.length === 0) return { messages, charts, answerFile };

  const last = messages.at(-1);
  if (last && charts.length === 0 && !answerFile && !storiesAsMessages && canAppendBlocks(last, controlBlocks)) {
    last.blocks.push(...controlBlocks);
    last.text = fallbackText(last.blocks);
    return { messages, charts };
  }
  return { messages, charts, answerFile, controls: { text: fallbackText(controlBlocks), blocks: controlBlocks } };
}

function renderAnswerText(answer: string): { blocks: SlackBlock[]; answerFile?: FileToUpload } {
  if (answer === '') return { blocks: [] };
  const mrkdwn = markdownToMrkdwn(answer);
  if (mrkdwn.length <= ANSWER_FILE_THRESHOLD_CHARACTERS) return { blocks: buildAnswerBlocks(answer) };
  const preview = splitText(mrkdwn, MAX_SECTION_TEXT_CHARACTERS)[0] ?? '';
  return { blocks: [...textSections(preview), contextBlock(ANSWER_FILE_NOTE)], answerFile: answerAsFile(answer) };
}

function streamedAnswerText(answer: string, streamed: 'whole' | 'preview'): { blocks: SlackBlock[]; answerFile?: FileToUpload } {
  return streamed === 'preview' && answer !== '' ? { blocks: [], answerFile: answerAsFile(answer) } : { blocks: [] };
}

function answerAsFile(answer: string): FileToUpload {
  return { filename: 'answer.md', title: 'Full answer', content: Buffer.from(answer, 'utf8') };
}

/** A stopped turn says so quietly; an empty one says so plainly (a failure goes with its Retry button). */
function sentenceBlocks(plan: ReplyPlan): SlackBlock[] {
  if (plan.sentence?.kind === 'stopped') return [contextBlock(plan.sentence.text)];
  if (plan.sentence?.kind === 'empty') return [sectionBlock(plan.sentence.text)];
  return [];
}

/** Clarification, failure + Retry, Show SQL / CSV, follow-ups, memory notes and 👍/👎: the interactive tail. */
function renderControls(plan: ReplyPlan, options: RenderOptions): SlackBlock[] {
  const { controls } = plan;
  const blocks: SlackBlock[] = [];
  if (controls.clarification) blocks.push(...clarificationBlocks(plan.threadId, controls.clarification));
  if (plan.sentence?.kind === 'failed') {
    blocks.push(sectionBlock(`:warning: ${escapeMrkdwn(plan.sentence.text)}`));
    if (controls.retry) blocks.push(...retryBlocks(plan.threadId));
  }
  blocks.push(...queryBlocks(plan.threadId, controls, options.offerCsv));
  blocks.push(...followUpBlocks(plan.threadId, controls.followUps));
  blocks.push(...plan.memoryNotes.flatMap((note) => memoryNoteBlocks(plan.threadId, note)));
  blocks.push(...plan.scheduleProposals.flatMap((note) => scheduleConfirmationBlocks(plan.threadId, note)));
  // Last, so they sit under everything the answer showed, in whichever message ends the reply.
  if (options.offerVerify && plan.verifyAnswerId) blocks.push(...verifyBlocks(plan.threadId, plan.verifyAnswerId));
  if (options.offerFeedback && plan.feedbackAnswerId) blocks.push(...feedbackBlocks(plan.threadId, plan.feedbackAnswerId));
  return blocks;
}

function storyBlock(story: StoryArtifact): SlackBlock {
  return contextBlock(`:page_facing_up: ${storySavedNote(story, { bold: (text) => `*${text}*`, escape: escapeMrkdwn })}`);
}

function fileSlug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
}
