// A story version as one Markdown file: the text as written, each chart as an image link, each
// table as a Markdown table (rows capped, total stated), grid children one after another.
import { leadingTitleHeading } from '../markdown/leading-title-heading.js';
import { formatResultTable } from '../tables/format-result-table.js';
import type { StoryNode } from './story-document.js';
import { chartAssetFor, problemFor, tableAssetFor, type StoryAssets, type StoryChartAsset, type StoryTableResult } from './render-story-assets.js';

export const MARKDOWN_TABLE_MAX_ROWS = 50;

function cellText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

export function renderMarkdownTable(result: StoryTableResult, maxRows = MARKDOWN_TABLE_MAX_ROWS): string {
  const table = formatResultTable(result, { maxRows });
  const header = `| ${table.header.map(cellText).join(' | ')} |`;
  const divider = `| ${table.alignments.map((alignment) => (alignment === 'right' ? '---:' : '---')).join(' | ')} |`;
  const shown = table.rows;
  const lines = [header, divider, ...shown.map((row) => `| ${row.map(cellText).join(' | ')} |`)];
  const total = result.truncated ? `more than ${result.rowCount.toLocaleString('en-US')}` : result.rowCount.toLocaleString('en-US');
  if (shown.length < result.rowCount || result.truncated) lines.push('', `_Showing ${shown.length} of ${total} rows._`);
  return lines.join('\n');
}

function altText(text: string): string {
  return text.replace(/[[\]\\]/g, (character) => `\\${character}`);
}

function renderNodes(nodes: readonly StoryNode[], assets: StoryAssets, chartFile: (asset: StoryChartAsset) => string): string[] {
  return nodes.flatMap((node): string[] => {
    if (node.type === 'markdown') return [node.markdown];
    if (node.type === 'grid') return renderNodes(node.children, assets, chartFile);
    const problem = problemFor(assets, node);
    const label = node.title ? `${node.type === 'chart' ? 'Chart' : 'Table'} "${node.title}"` : node.type === 'chart' ? 'A chart' : 'A table';
    if (problem) return [`> ${label} could not be shown: ${problem.message}`];
    if (node.type === 'chart') {
      const asset = chartAssetFor(assets, node);
      return asset ? [`![${altText(node.title || 'Chart')}](${chartFile(asset)})`] : [];
    }
    const table = tableAssetFor(assets, node);
    if (!table) return [];
    return [[node.title ? `**${node.title}**\n` : '', renderMarkdownTable(table.result)].join('\n').trimStart()];
  });
}

export function renderStoryMarkdown(title: string, assets: StoryAssets, chartFile: (asset: StoryChartAsset) => string): string {
  const first = assets.nodes[0];
  const hasHeading = first?.type === 'markdown' && leadingTitleHeading(first.markdown) !== undefined;
  const blocks = renderNodes(assets.nodes, assets, chartFile);
  return `${[...(hasHeading ? [] : [`# ${title}`]), ...blocks].join('\n\n')}\n`;
}
