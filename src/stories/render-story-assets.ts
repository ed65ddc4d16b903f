// A story version's charts (PNG + Vega-Lite spec) and tables (rows), built from the conversation's
// query results in the store — so a story still renders after a restart. Renderers walk the nodes
// and look each chart/table up here by its key. A result that is gone, or a chart its rows cannot
// draw, is reported in `problems` (show a placeholder); a renderer crash throws.
import type { TopLevelSpec } from 'vega-lite';
import { buildVegaLiteSpec, renderChartPngOffThread, validateChartConfig, type ChartPlacement, type RenderedChart } from '../charts/index.js';
import type { JsonValue } from '../databases/types.js';
import type { Store, StoredQueryResult } from '../store/types.js';
import type { ToolContext } from '../tools/tool-context.js';
import { parseStoryDocument } from './parse-story-document.js';
import { walkStoryNodes, type StoryChartNode, type StoryNode, type StoryTableNode } from './story-document.js';

/** The store (after a restart) or a turn's ToolContext (which falls back to the store). */
export type StoryQueryResults = Pick<Store, 'getQueryResult'> | Pick<ToolContext, 'findQueryResult'>;

export type StoryTableResult = Pick<StoredQueryResult, 'queryId' | 'databaseName' | 'sql' | 'columns' | 'rows' | 'rowCount' | 'truncated'>;

export interface StoryChartAsset {
  node: StoryChartNode;
  png: Buffer;
  /** The Vega-Lite spec the PNG was drawn from. */
  spec: JsonValue;
  widthPx: number;
  heightPx: number;
  /** Things worth telling the reader (e.g. small slices grouped into "Other"). */
  notes: string[];
}

export interface StoryTableAsset {
  node: StoryTableNode;
  /** Rows as stored (at most the row cap); `rowCount`/`truncated` say how many there were. */
  result: StoryTableResult;
}

export interface StoryAssetProblem {
  node: StoryChartNode | StoryTableNode;
  message: string;
}

export interface StoryAssets {
  /** parseStoryDocument(version.code): walk these, in order. */
  nodes: StoryNode[];
  charts: StoryChartAsset[];
  tables: StoryTableAsset[];
  problems: StoryAssetProblem[];
}

export interface RenderStoryAssetsOptions {
  /** Defaults to the charts module's renderer (tests may count calls). */
  renderPng?: (spec: TopLevelSpec) => Promise<RenderedChart>;
  /** Where full-width charts are shown (default: a Slack image); charts in a grid of 2+ columns are drawn for a grid cell. */
  placement?: ChartPlacement;
}

/** Keys of the chart nodes that sit side by side with others in a grid. */
function chartsInGridCells(nodes: StoryNode[], inCell = false, keys = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.type === 'grid') chartsInGridCells(node.children, inCell || node.cols >= 2, keys);
    else if (node.type === 'chart' && inCell) keys.add(node.key);
  }
  return keys;
}

async function lookUp(threadId: string, source: StoryQueryResults, queryId: string): Promise<StoryTableResult | undefined> {
  return 'findQueryResult' in source ? source.findQueryResult(queryId) : source.getQueryResult(threadId, queryId);
}

export async function renderStoryAssets(
  threadId: string,
  version: { code: string },
  source: StoryQueryResults,
  options: RenderStoryAssetsOptions = {},
): Promise<StoryAssets> {
  const renderPng = options.renderPng ?? renderChartPngOffThread;
  const nodes = parseStoryDocument(version.code);
  const assets: StoryAssets = { nodes, charts: [], tables: [], problems: [] };
  const results = new Map<string, StoryTableResult | undefined>();
  const drawn = new Map<string, Omit<StoryChartAsset, 'node'>>();
  const inGridCells = chartsInGridCells(nodes);
  for (const node of walkStoryNodes(nodes)) {
    if (node.type !== 'chart' && node.type !== 'table') continue;
    if (!results.has(node.queryId)) results.set(node.queryId, await lookUp(threadId, source, node.queryId));
    const result = results.get(node.queryId);
    if (!result) {
      assets.problems.push({ node, message: `The result of ${node.queryId} is no longer available: run the query again to refresh this story.` });
      continue;
    }
    if (node.type === 'table') {
      assets.tables.push({ node, result });
      continue;
    }
    const rows = { columns: result.columns, rows: result.rows };
    const verdict = validateChartConfig(node.config, rows);
    if (!verdict.success) {
      assets.problems.push({ node, message: verdict.error });
      continue;
    }
    const placement: ChartPlacement = inGridCells.has(node.key) ? 'grid_cell' : (options.placement ?? 'thread_image');
    const drawnKey = `${placement} ${node.rawTag}`;
    let chart = drawn.get(drawnKey);
    if (!chart) {
      const built = buildVegaLiteSpec(node.config, rows, placement);
      const rendered = await renderPng(built.spec);
      chart = { png: rendered.png, widthPx: rendered.widthPx, heightPx: rendered.heightPx, spec: built.spec as unknown as JsonValue, notes: built.notes };
      drawn.set(drawnKey, chart);
    }
    assets.charts.push({ node, ...chart });
  }
  return assets;
}

export function chartAssetFor(assets: StoryAssets, node: StoryChartNode): StoryChartAsset | undefined {
  return assets.charts.find((asset) => asset.node.key === node.key);
}

export function tableAssetFor(assets: StoryAssets, node: StoryTableNode): StoryTableAsset | undefined {
  return assets.tables.find((asset) => asset.node.key === node.key);
}

export function problemFor(assets: StoryAssets, node: StoryChartNode | StoryTableNode): StoryAssetProblem | undefined {
  return assets.problems.find((problem) => problem.node.key === node.key);
}
