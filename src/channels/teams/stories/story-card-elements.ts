// A parsed story version as card elements, in document order: Markdown as TextBlocks (the answer
// converter), charts as inline images, tables as Table elements with their totals, and each grid
// as one ColumnSet per row of `cols` children (Column width = the child's weight from `widths`).
// Top-level grid rows are separate elements, so a story too big for one card can break between them.
import type { StoryAssets, StoryNode } from '../../../stories/index.js';
import { chartAssetFor, problemFor, tableAssetFor } from '../../../stories/index.js';
import { textBlock, type CardElement, type ColumnElement, type ColumnSetElement } from '../render/adaptive-card-types.js';
import type { PreparedChart } from '../render/chart-image.js';
import { markdownToCardElements } from '../render/card-elements-from-markdown.js';
import { storyChartTitle } from './story-chart-images.js';
import { queryResultToElements } from '../render/table-element.js';

export interface StoryElementSources {
  assets: StoryAssets;
  /** By chart node key (prepareStoryCharts). */
  charts: Map<string, PreparedChart>;
}

export function storyBodyElements(nodes: readonly StoryNode[], sources: StoryElementSources): CardElement[] {
  return nodes.flatMap((node) => storyNodeElements(node, sources));
}

export function storyNodeElements(node: StoryNode, sources: StoryElementSources): CardElement[] {
  switch (node.type) {
    case 'markdown':
      return markdownToCardElements(node.markdown);
    case 'chart': {
      const problem = problemFor(sources.assets, node);
      if (problem || !chartAssetFor(sources.assets, node)) return problemElements(storyChartTitle(node), problem?.message);
      const image = sources.charts.get(node.key);
      if (!image?.url) {
        return problemElements(storyChartTitle(node), 'This chart is too detailed to show inline in Teams.');
      }
      // The chart draws its own title; the card does not repeat it.
      return [{ type: 'Image', url: image.url, altText: `Chart: ${image.title}` }];
    }
    case 'table': {
      const problem = problemFor(sources.assets, node);
      const asset = tableAssetFor(sources.assets, node);
      const title = node.title || `Result of ${node.queryId}`;
      if (problem || !asset) return problemElements(title, problem?.message);
      return keepTogether([...(node.title ? [textBlock(node.title, { weight: 'Bolder' })] : []), ...queryResultToElements(asset.result)]);
    }
    case 'grid':
      return gridRows(node.children, node.cols, node.widths).map((row) => columnSet(row, sources));
  }
}

function problemElements(title: string, message = 'This element could not be drawn.'): CardElement[] {
  return keepTogether([textBlock(title, { weight: 'Bolder' }), textBlock(message, { isSubtle: true, color: 'Warning' })]);
}

/** One element, so a title never ends up on another card than its chart or table. */
function keepTogether(items: CardElement[]): CardElement[] {
  return [{ type: 'Container', items }];
}

/** Inside a column the wrapper is not needed. */
function columnItems(elements: CardElement[]): CardElement[] {
  const [only, ...rest] = elements;
  return only?.type === 'Container' && !only.style && rest.length === 0 ? only.items : elements;
}

interface GridCell {
  node: StoryNode | undefined;
  width: number;
}

/** Rows of `cols` cells; a short last row is padded with empty cells so columns keep their size. */
function gridRows(children: readonly StoryNode[], cols: number, widths: readonly number[]): GridCell[][] {
  const rows: GridCell[][] = [];
  for (let start = 0; start < children.length; start += cols) {
    rows.push(
      Array.from({ length: cols }, (_unused, position) => ({
        node: children[start + position],
        width: widths[start + position] ?? widths[position] ?? 1,
      })),
    );
  }
  return rows;
}

function columnSet(row: GridCell[], sources: StoryElementSources): ColumnSetElement {
  return {
    type: 'ColumnSet',
    columns: row.map((cell): ColumnElement => ({
      type: 'Column',
      width: cell.width,
      ...(cell.node ? { items: columnItems(storyNodeElements(cell.node, sources)) } : {}),
    })),
  };
}
