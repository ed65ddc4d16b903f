// A story's document as a flat list of Block Kit blocks, in document order: Markdown as mrkdwn
// sections, each chart as an image block of its uploaded PNG (`slack_file`), each table as a table
// block (rows capped, total stated), grid children one after another. A chart or table that cannot
// be shown becomes a warning line, so the rest of the story still reads.
import type { StoryAssets, StoryChartNode, StoryNode, StoryTableNode, StoryTableResult } from '../../../stories/index.js';
import { chartAssetFor, problemFor, tableAssetFor } from '../../../stories/index.js';
import { buildAnswerBlocks, sectionBlock, tableBlocks } from '../render/answer-blocks.js';
import type { SlackBlock } from '../render/block-kit.js';
import { escapeMrkdwn } from '../render/escape-mrkdwn.js';
import { contextBlock } from '../render/interactive-blocks.js';
import { formatResultTable } from '../../../tables/format-result-table.js';

/** Rows of a story table shown in chat (Slack allows 99 + header; a report reads better shorter). */
export const STORY_TABLE_MAX_ROWS = 50;
const MAX_IMAGE_TEXT_CHARACTERS = 2_000;

/** Chart node key → Slack file id of its uploaded PNG. */
export type ChartFileIds = ReadonlyMap<string, string>;

export function storyNodeBlocks(nodes: readonly StoryNode[], assets: StoryAssets, chartFiles: ChartFileIds): SlackBlock[] {
  return nodes.flatMap((node): SlackBlock[] => {
    switch (node.type) {
      case 'markdown':
        return buildAnswerBlocks(node.markdown);
      case 'grid':
        return storyNodeBlocks(node.children, assets, chartFiles);
      case 'chart':
        return chartBlocks(node, assets, chartFiles);
      case 'table':
        return storyTableBlocks(node, assets);
    }
  });
}

function label(node: StoryChartNode | StoryTableNode): string {
  const noun = node.type === 'chart' ? 'Chart' : 'Table';
  return node.title ? `${noun} “${escapeMrkdwn(node.title)}”` : `A ${node.type} of \`${node.queryId}\``;
}

function chartBlocks(node: StoryChartNode, assets: StoryAssets, chartFiles: ChartFileIds): SlackBlock[] {
  const problem = problemFor(assets, node);
  if (problem) return [contextBlock(`:warning: ${label(node)} could not be shown: ${escapeMrkdwn(problem.message)}`)];
  const asset = chartAssetFor(assets, node);
  const fileId = chartFiles.get(node.key);
  if (!asset || !fileId) return [contextBlock(`:warning: ${label(node)} could not be uploaded to Slack.`)];
  const title = node.title.trim();
  const image: SlackBlock = { type: 'image', slack_file: { id: fileId }, alt_text: cut(title || `Chart of ${node.queryId}`, MAX_IMAGE_TEXT_CHARACTERS) };
  if (title) image.title = { type: 'plain_text', text: cut(title, MAX_IMAGE_TEXT_CHARACTERS) };
  const notes = asset.notes.filter((note) => note.trim() !== '');
  return notes.length > 0 ? [image, contextBlock(escapeMrkdwn(notes.join(' ')))] : [image];
}

function storyTableBlocks(node: StoryTableNode, assets: StoryAssets): SlackBlock[] {
  const problem = problemFor(assets, node);
  if (problem) return [contextBlock(`:warning: ${label(node)} could not be shown: ${escapeMrkdwn(problem.message)}`)];
  const asset = tableAssetFor(assets, node);
  if (!asset) return [];
  const { result } = asset;
  const table = formatResultTable(result, { maxRows: STORY_TABLE_MAX_ROWS });
  const blocks: SlackBlock[] = node.title ? [sectionBlock(`*${escapeMrkdwn(node.title)}*`)] : [];
  blocks.push(...tableBlocks(table));
  if (table.rows.length < result.rowCount || result.truncated) blocks.push(contextBlock(`Showing ${table.rows.length} of ${totalRows(result)} rows.`));
  return blocks;
}

function totalRows(result: StoryTableResult): string {
  const count = result.rowCount.toLocaleString('en-US');
  return result.truncated ? `more than ${count}` : count;
}


function cut(text: string, maxCharacters: number): string {
  return text.length <= maxCharacters ? text : `${text.slice(0, maxCharacters - 1)}…`;
}
