// The renderer-neutral story document: what `parseStoryDocument` returns and what the Slack, Teams
// and terminal renderers walk. Markdown stays Markdown; charts carry a ready display_chart config.
import type { ChartConfig } from '../charts/chart-config.js';

/** Where a tag starts in the story code (1-based), for error messages. */
export interface StorySourcePosition {
  line: number;
  column: number;
}

/** A run of Markdown between tags (trimmed, never empty). */
export interface StoryMarkdownNode {
  type: 'markdown';
  /** Stable within one document: `markdown-1`, `markdown-2`, … in document order. */
  key: string;
  markdown: string;
}

/** `<chart … />`: a chart drawn from a query result of the conversation. */
export interface StoryChartNode extends StorySourcePosition {
  type: 'chart';
  /** `chart-1`, `chart-2`, … in document order (grids included). */
  key: string;
  queryId: string;
  /** The tag's title attribute ('' when absent). */
  title: string;
  /** The same shape display_chart takes, so buildVegaLiteSpec draws it. */
  config: ChartConfig;
  /** The tag exactly as written. */
  rawTag: string;
}

/** `<table … />`: the rows of a query result of the conversation. */
export interface StoryTableNode extends StorySourcePosition {
  type: 'table';
  /** `table-1`, `table-2`, … in document order. */
  key: string;
  queryId: string;
  /** The tag's title attribute ('' when absent). */
  title: string;
  rawTag: string;
}

/**
 * `<grid cols="…">` or `<grid widths="…">` … `</grid>`: children laid out side by side.
 * Lay children out in rows of `cols`; `widths[i]` is child i's relative width within its row.
 */
export interface StoryGridNode extends StorySourcePosition {
  type: 'grid';
  /** `grid-1`, `grid-2`, … in document order. */
  key: string;
  /** Columns per row, 1–4: the `cols` attribute, else the number of `widths`, else 2. */
  cols: number;
  /** One positive weight per child (all 1 unless `widths` was given). */
  widths: number[];
  children: StoryNode[];
}

export type StoryNode = StoryMarkdownNode | StoryChartNode | StoryTableNode | StoryGridNode;

/** Every node in document order, depth first (a grid comes before its children). */
export function* walkStoryNodes(nodes: readonly StoryNode[]): Generator<StoryNode> {
  for (const node of nodes) {
    yield node;
    if (node.type === 'grid') yield* walkStoryNodes(node.children);
  }
}

export function storyCharts(nodes: readonly StoryNode[]): StoryChartNode[] {
  return [...walkStoryNodes(nodes)].filter((node): node is StoryChartNode => node.type === 'chart');
}

export function storyTables(nodes: readonly StoryNode[]): StoryTableNode[] {
  return [...walkStoryNodes(nodes)].filter((node): node is StoryTableNode => node.type === 'table');
}
